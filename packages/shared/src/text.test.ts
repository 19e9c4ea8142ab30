import { describe, expect, it } from 'vitest';
import { hasInvisibleCharacters, plainText, TEXT_MESSAGES } from './text';

const name = plainText('Store name').min(1, 'Store name is required.');
const comment = plainText('Comment', { multiline: true });

const INVISIBLES: [string, string][] = [
  ['zero-width space', '\u200b'],
  ['zero-width non-joiner', '\u200c'],
  ['zero-width joiner', '\u200d'],
  ['word joiner', '\u2060'],
  ['byte-order mark', '\ufeff'],
  ['soft hyphen', '\u00ad'],
  ['right-to-left override', '\u202e'],
  ['left-to-right embedding', '\u202a'],
  ['first-strong isolate', '\u2068'],
  ['pop directional isolate', '\u2069'],
  ['right-to-left mark', '\u200f'],
  ['arabic letter mark', '\u061c'],
  ['Hangul filler', '\u3164'],
  ['variation selector', '\ufe0f'],
  ['tag character', '\u{e0041}'],
  ['tab', '\t'],
  ['bell', '\u0007'],
  ['escape', '\u001b'],
  ['delete', '\u007f'],
  ['next line (C1)', '\u0085'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
  ['lone surrogate', '\ud800'],
  ['noncharacter', '\uffff'],
  ['NUL', '\u0000'],
];

describe('plainText', () => {
  it.each(INVISIBLES)('refuses a %s inside a name, naming the field', (_, character) => {
    const result = name.safeParse(`Maple${character} Denim Co`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(TEXT_MESSAGES.invisible('Store name'));
    expect(TEXT_MESSAGES.invisible('Store name')).toBe(
      'Store name: remove invisible or control characters.',
    );
  });

  it.each(INVISIBLES)('refuses a %s in multiline text too', (_, character) => {
    expect(comment.safeParse(`Fits${character} well.`).success).toBe(false);
  });

  it('refuses line breaks in one-line text, and keeps them in multiline text', () => {
    expect(name.safeParse('Maple\nDenim').success).toBe(false);
    expect(name.safeParse('Maple\r\nDenim').success).toBe(false);
    expect(comment.parse('Fits well.\r\nSize up.\n\nLove it.')).toBe(
      'Fits well.\r\nSize up.\n\nLove it.',
    );
  });

  it('keeps emoji written with joiners and variation selectors in multiline text, not in names', () => {
    const emoji = ['\u2764\ufe0f', '\u{1f469}\u200d\u{1f469}\u200d\u{1f467}', '1\ufe0f\u20e3'];
    for (const sequence of emoji) {
      expect(comment.parse(`Love it ${sequence}`)).toBe(`Love it ${sequence}`);
      expect(name.safeParse(`Maple ${sequence}`).success).toBe(false);
    }
    expect(
      comment.parse('Flag \u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}'),
    ).toContain('\u{e007f}');
    // A joiner or selector that joins no emoji is still hidden text.
    expect(comment.safeParse('Maple\u200d Denim \u2764').success).toBe(false);
    expect(comment.safeParse('Fits\ufe0f well').success).toBe(false);
  });

  it('normalises to NFC, so two spellings of one name are one string', () => {
    const decomposed = 'Cafe\u0301 Mode';
    expect(name.parse(decomposed)).toBe('Caf\u00e9 Mode');
    expect(name.parse(decomposed)).toBe(name.parse('Caf\u00e9 Mode'));
  });

  it('trims, and leaves visible text of any script alone', () => {
    for (const text of [
      'Maple Denim Co',
      'Atelier Élise',
      'Мастерская',
      'مرحبا',
      '東京デニム',
      'Café ☕ & Co.',
      'O’Brien-Smith',
      'Zoë 🧥',
    ]) {
      expect(name.parse(`  ${text}  `)).toBe(text.normalize('NFC'));
    }
  });

  it('says which field is missing', () => {
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Store name is required.');
    expect(
      plainText('Comment', { required: 'Comment is required.' }).safeParse(5).error?.issues[0]
        ?.message,
    ).toBe('Comment is required.');
  });

  it('hasInvisibleCharacters matches the schema', () => {
    expect(hasInvisibleCharacters('a\u200bb')).toBe(true);
    expect(hasInvisibleCharacters('a\nb')).toBe(true);
    expect(hasInvisibleCharacters('a\nb', { multiline: true })).toBe(false);
    expect(hasInvisibleCharacters('plain')).toBe(false);
  });
});
