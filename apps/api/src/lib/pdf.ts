import { readFile } from 'node:fs/promises';

/**
 * The label's faces. pdfkit's built-in fonts (Helvetica…) only encode Latin-1: any other
 * character came out as mojibake (issue 13). DejaVu Sans covers Latin, Greek, Cyrillic and
 * much more; Debian's fonts-dejavu-core installs it (.ci/run, README).
 */
const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const FACES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
type Face = keyof typeof FACES;

/** Which characters a face draws: its cmap, or Latin-1 for the built-in fallback. */
export interface LabelFonts {
  /** What to pass to doc.font: a registered TrueType file, or a built-in font's name. */
  files: Record<Face, Buffer> | null;
  covers: (codePoint: number) => boolean;
}

let fonts: Promise<LabelFonts> | undefined;

/** Loaded once per process. Without the font files labels still print, in Latin-1 only. */
export function labelFonts(): Promise<LabelFonts> {
  fonts ??= (async () => {
    try {
      const [regular, bold] = await Promise.all(
        [FACES.regular, FACES.bold].map((file) => readFile(`${FONT_DIR}/${file}`)),
      );
      const { create } = await import('fontkit');
      const faces = [regular!, bold!].map((file) => create(file));
      return {
        files: { regular: regular!, bold: bold! },
        covers: (codePoint: number) => faces.every((face) => face.hasGlyphForCodePoint(codePoint)),
      };
    } catch {
      return { files: null, covers: isLatin1Printable };
    }
  })();
  return fonts;
}

const isLatin1Printable = (codePoint: number) =>
  (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff);

/** Joiners, variation selectors and skin tones: part of an emoji, never drawn on their own. */
const isEmojiModifier = (codePoint: number) =>
  codePoint === 0x200d ||
  (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
  (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff);

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The text as the label can draw it: each character (a whole emoji sequence counting as one)
 * that the font has no glyph for becomes "?", so a name prints as "Zoë ??" rather than as
 * mojibake or as invisible boxes.
 */
export function printableText(text: string, covers: (codePoint: number) => boolean): string {
  let printable = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    const codePoints = [...segment]
      .map((char) => char.codePointAt(0)!)
      .filter((codePoint) => !isEmojiModifier(codePoint));
    printable +=
      codePoints.length > 0 && codePoints.every(covers) ? String.fromCodePoint(...codePoints) : '?';
  }
  return printable;
}

/**
 * A new PDF (pdfkit, loaded on first use: it would otherwise sit in every process's memory) with
 * the DejaVu faces when installed, Helvetica otherwise; `print` keeps text to what they cover,
 * and `finished` is the document's bytes once `doc.end()` is called.
 */
export async function openPdf(options: {
  size: [number, number];
  margin: number;
  title: string;
  author: string;
}) {
  const [{ default: PDFDocument }, { files, covers }] = await Promise.all([
    import('pdfkit'),
    labelFonts(),
  ]);
  const print = (text: string) => printableText(text, covers);
  const doc = new PDFDocument({
    size: options.size,
    margin: options.margin,
    info: { Title: options.title, Author: print(options.author) },
  });
  if (files) {
    doc.registerFont('regular', files.regular);
    doc.registerFont('bold', files.bold);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    print,
    regular: files ? 'regular' : 'Helvetica',
    bold: files ? 'bold' : 'Helvetica-Bold',
    finished,
  };
}
