// fontkit ships no types: only what the shipping label uses (a font's cmap).
declare module 'fontkit' {
  export function create(buffer: Buffer): { hasGlyphForCodePoint(codePoint: number): boolean };
}
