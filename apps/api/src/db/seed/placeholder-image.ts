const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Splits a name into lines of at most `width` characters, on spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * A deliberate-looking placeholder (DESIGN 6): a garment-coloured 3:4 tile with the product's
 * name and brand, drawn locally, so a fresh install needs no network for its demo images.
 */
export async function placeholderImage(
  title: string,
  subtitle: string,
  background: string,
  ink = '#ffffff',
) {
  const lines = wrap(title.toUpperCase(), 14);
  const text = lines
    .map(
      (line, i) =>
        `<text x="300" y="${380 + (i - (lines.length - 1) / 2) * 62}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
    <rect width="600" height="800" fill="${background}"/>
    <rect x="36" y="36" width="528" height="728" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="2"/>
    <g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="48" font-weight="700" letter-spacing="6" fill="${ink}">${text}</g>
    <text x="300" y="700" text-anchor="middle" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="22" letter-spacing="8" fill="${ink}" fill-opacity="0.8">${escapeXml(subtitle.toUpperCase())}</text>
  </svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}
