import { describe, expect, it } from 'vitest';
import { CITY_LABELS, cityInCapitals } from '../constants';
import { REVIEW_MESSAGES } from '../reviews/reviews';
import { CATALOGS } from './catalogs/index';
import { formatDecimalIn, labelColonIn } from './format';

// Issue 39 item 12: the French that read as a translation machine's.

const french = CATALOGS['fr-CA'];
const t = (message: string) => french[message] ?? message;

describe('Canadian French typography and words', () => {
  it('puts a no-break space before every colon that ends a label', () => {
    const missing = Object.entries(french)
      .filter(([, text]) => /[^\s\u00a0]:(\s|$)/.test(text.replace(/https?:/g, '')))
      .map(([id, text]) => `${id} → ${text}`);
    expect(missing).toEqual([]);
    const plainSpace = Object.entries(french)
      .filter(([, text]) => / :(\s|$)/.test(text))
      .map(([id]) => id);
    expect(plainSpace).toEqual([]);
    expect(labelColonIn('fr-CA')).toBe('\u00a0: ');
    expect(labelColonIn('en')).toBe(': ');
  });

  it('says how a piece fits with the adjective agreeing with « taille »', () => {
    expect(t(REVIEW_MESSAGES.runsSmall)).toBe('Taille petite');
    expect(t(REVIEW_MESSAGES.runsLarge)).toBe('Taille grande');
    const agreeing = Object.values(french).filter((text) => /taille (petit|grand)\b/i.test(text));
    expect(agreeing).toEqual([]);
  });

  it('calls listings « fiches produits », never « inscriptions » (which is signing up)', () => {
    for (const id of ['Listings', 'Listing fee', 'Listing fees', 'free listings'])
      expect(t(id)).toMatch(/fiche/i);
    const listingTexts = Object.entries(french).filter(([id]) => /listing/i.test(id));
    expect(listingTexts.filter(([, text]) => /inscri/i.test(text))).toEqual([]);
  });

  it('writes decimals with a comma and Montréal with its accent', () => {
    expect(formatDecimalIn('fr-CA', 4.5, 1)).toBe('4,5');
    expect(formatDecimalIn('en', 4.5, 1)).toBe('4.5');
    expect(cityInCapitals('MONTREAL', t)).toBe('MONTRÉAL');
    expect(cityInCapitals('MONTREAL', (m) => m)).toBe('MONTREAL');
    for (const city of Object.keys(CITY_LABELS)) expect(cityInCapitals(city, (m) => m)).toBe(city);
  });
});
