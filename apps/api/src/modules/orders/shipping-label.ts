import { readFile } from 'node:fs/promises';
import { LABEL_MESSAGES, type Locale, type ShippingAddress } from '@marketplace/shared';
import { translatorFor } from '../../plugins/app/error-language';

export interface LabelInput {
  sender: { name: string; city: string };
  recipient: ShippingAddress;
  reference: string;
  trackingNumber: string;
  weightLb: number;
  shippingMethod: string;
  items: number;
  /** The language of its words (issue 19): the seller's who prints it; English by default. */
  locale?: Locale;
}

/** 4 × 6 inches in PDF points (72 per inch). */
const LABEL_SIZE: [number, number] = [288, 432];
const MARGIN = 16;

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

/**
 * A 4x6 shipping label as PDF: sender store, buyer's name and address, order number,
 * tracking number as text and as a Code 128 barcode, and the parcel's weight.
 */
export async function renderShippingLabel(label: LabelInput): Promise<Buffer> {
  const locale = label.locale ?? 'en';
  const { t } = translatorFor(locale);
  // Loaded on the first label: barcode code would otherwise sit in every process's memory.
  const [{ default: bwipjs }, { doc, print, regular, bold, finished }] = await Promise.all([
    import('bwip-js/node'),
    openPdf({
      size: LABEL_SIZE,
      margin: MARGIN,
      title: t(LABEL_MESSAGES.title, { reference: label.reference }),
      author: label.sender.name,
    }),
  ]);
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: label.trackingNumber,
    scale: 2,
    height: 14,
    includetext: false,
  });

  const width = LABEL_SIZE[0] - 2 * MARGIN;
  const rule = () => {
    const y = doc.y + 4;
    doc
      .moveTo(MARGIN, y)
      .lineTo(LABEL_SIZE[0] - MARGIN, y)
      .lineWidth(1)
      .stroke();
    doc.y = y + 8;
  };

  doc.font(bold).fontSize(8).text(t(LABEL_MESSAGES.from), { width });
  doc.font(regular).fontSize(10).text(print(label.sender.name), { width });
  doc.text(print(label.sender.city), { width });
  rule();

  const to = label.recipient;
  doc.font(bold).fontSize(8).text(t(LABEL_MESSAGES.shipTo), { width });
  doc.font(bold).fontSize(14).text(print(to.fullName), { width });
  doc.font(regular).fontSize(12).text(print(to.streetAddress), { width });
  if (to.apartment) doc.text(print(to.apartment), { width });
  doc.text(print(`${to.city} ${to.province}  ${to.postalCode}`), { width });
  doc.text(to.country === 'CA' ? 'CANADA' : 'UNITED STATES', { width });
  rule();

  doc.font(regular).fontSize(9);
  doc.text(t(LABEL_MESSAGES.order, { reference: label.reference }), { width });
  doc.text(
    t(LABEL_MESSAGES.parcel, {
      method: label.shippingMethod,
      items: label.items,
      weight: new Intl.NumberFormat(locale, {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
        useGrouping: false,
      }).format(label.weightLb),
    }),
    { width },
  );
  rule();

  doc.font(bold).fontSize(8).text(t(LABEL_MESSAGES.tracking), { width });
  doc.image(barcode, MARGIN, doc.y + 4, { fit: [width, 70], align: 'center' });
  doc.y += 80;
  // Tracking numbers are ASCII letters, digits and dashes (shipStoreOrderSchema).
  doc.font('Courier-Bold').fontSize(12).text(label.trackingNumber, { width, align: 'center' });

  doc.end();
  return finished;
}
