import { inflateSync } from 'node:zlib';

/**
 * The text drawn in a PDF made by pdfkit, read as a viewer reads it: each string is decoded
 * with its font's ToUnicode map (embedded TrueType fonts draw glyph ids, not characters).
 * Strings of a font without one (the built-in fonts) are read as Latin-1, so whatever such a
 * font could not encode shows up here as the mojibake a printer would print.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  for (const [, id, body] of raw.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    // pdfkit writes exactly "stream\n" and "\nendstream": a compressed stream may end in a \r byte.
    const start = body!.indexOf('stream\n');
    if (start < 0) {
      objects.set(id!, { dict: body!, stream: null });
      continue;
    }
    const data = Buffer.from(body!.slice(start + 7, body!.lastIndexOf('\nendstream')), 'latin1');
    let stream: string;
    try {
      stream = inflateSync(data).toString('latin1');
    } catch {
      stream = data.toString('latin1');
    }
    objects.set(id!, { dict: body!.slice(0, start), stream });
  }

  // Resource name (/F1) → its ToUnicode map, when it has one.
  const fonts = new Map<string, Map<number, string> | null>();
  for (const { dict } of objects.values()) {
    const block = /\/Font <<([\s\S]*?)>>/.exec(dict)?.[1];
    for (const [, name, ref] of block?.matchAll(/\/(\w+) (\d+) 0 R/g) ?? []) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref!)?.dict ?? '')?.[1];
      fonts.set(name!, toUnicode ? cmap(objects.get(toUnicode)?.stream ?? '') : null);
    }
  }

  let text = '';
  const contents = [...raw.matchAll(/\/Contents (\d+) 0 R/g)].map(([, id]) => objects.get(id!));
  for (const { stream } of contents.filter((content) => content !== undefined)) {
    if (stream === null) continue;
    let font: Map<number, string> | null = null;
    for (const [, name, hex] of stream.matchAll(/\/(\w+) [\d.]+ Tf|<([0-9a-fA-F]+)>/g)) {
      if (name) font = fonts.get(name) ?? null;
      else if (font) {
        for (let i = 0; i < hex!.length; i += 4)
          text += font.get(parseInt(hex!.slice(i, i + 4), 16)) ?? '\uFFFD';
      } else text += Buffer.from(hex!, 'hex').toString('latin1');
    }
  }
  return text;
}

/** pdfkit's ToUnicode maps: "<first> <last> [<utf16be> …]" ranges. */
function cmap(source: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, first, list] of source.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
    // A ligature's entry holds several characters, written with spaces: "<0066 0069>" (fi).
    [...list!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach(([, utf16], index) => {
      const hex = utf16!.replace(/\s/g, '');
      map.set(parseInt(first!, 16) + index, Buffer.from(hex, 'hex').swap16().toString('utf16le'));
    });
  }
  return map;
}
