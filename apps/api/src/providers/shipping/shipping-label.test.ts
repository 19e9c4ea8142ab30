import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf';
import { labelFonts, printableText } from '../../lib/pdf';
import { renderShippingLabel } from './shipping-label';

const label = (fullName: string, city = 'Montréal', locale?: 'en' | 'fr-CA') =>
  renderShippingLabel({
    ...(locale ? { locale } : {}),
    // "ffi" prints as one ligature glyph: the text must still read back whole.
    sender: { name: 'Café Zoë Official', city: 'Québec' },
    recipient: {
      fullName,
      streetAddress: '1 Rue Saint-Denis',
      apartment: null,
      defaultAddress: false,
      city,
      province: 'QC',
      postalCode: 'H2X 1K4',
      country: 'CA',
    },
    reference: 'ABCD1234',
    trackingNumber: 'LB12345678901234',
    weightLb: 2,
    shippingMethod: 'STANDARD',
    items: 1,
  });

describe('shipping label text (issue 13, item 17)', () => {
  it('prints accents as they are, and a character the font lacks as "?", never mojibake', async () => {
    const text = pdfText(await label('Zoë 東京 🙂 Žižek', 'Montréal'));
    const { covers } = await labelFonts();
    // DejaVu Sans has Latin and no CJK or emoji: the label says what it could not print.
    expect(text).toContain('Zoë ?? ? Žižek');
    expect(text).toContain('Montréal QC  H2X 1K4');
    expect(text).toContain('Café Zoë Official');
    expect(text).toContain('LB12345678901234');
    // Every character on the label is one its font draws: none is a missing glyph's box.
    for (const char of text.replace(/\s/g, ''))
      expect(covers(char.codePointAt(0)!), `U+${char.codePointAt(0)!.toString(16)}`).toBe(true);
    expect(text).not.toMatch(/\uFFFD|Ã|æ/);
    expect(text).not.toContain(String.fromCharCode(0));
  });

  it('uses the DejaVu Sans files installed with fonts-dejavu-core (.ci/run)', async () => {
    const { files } = await labelFonts();
    expect(files).not.toBeNull();
  });

  it('keeps an emoji sequence as one "?" and passes Greek and Cyrillic through', () => {
    const { covers } = { covers: (cp: number) => cp < 0x2000 };
    expect(printableText('Ana 👩‍👩‍👧 Ελένη Юлия', covers)).toBe('Ana ? Ελένη Юлия');
    // Decomposed accents are composed first, so they print as one glyph.
    expect(printableText('Zoe\u0308', covers)).toBe('Zoë');
  });
});

describe('shipping label words (issue 19)', () => {
  it('are English by default, as they were', async () => {
    const text = pdfText(await label('Ada Lovelace'));
    for (const expected of ['FROM', 'SHIP TO', 'Order ABCD1234', 'Standard · 1 item · 2.0 lb'])
      expect(text).toContain(expected);
    expect(text).toContain('TRACKING');
  });

  it('are French for a French seller; names, address and codes as they are', async () => {
    const text = pdfText(await label('Ada Lovelace', 'Montréal', 'fr-CA'));
    for (const expected of [
      'EXPÉDITEUR',
      'DESTINATAIRE',
      'Commande ABCD1234',
      'Standard · 1 article · 2,0 lb',
      'SUIVI',
      'Café Zoë Official',
      'Montréal QC  H2X 1K4',
      'CANADA',
      'LB12345678901234',
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/FROM|SHIP TO|TRACKING|Order /);
  });
});
