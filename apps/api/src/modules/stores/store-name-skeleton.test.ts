import { describe, expect, it } from 'vitest';
import { storeNameKeys } from './store-name-skeleton';

function looksAlike(a: string, b: string) {
  const [x, y] = [storeNameKeys(a), storeNameKeys(b)];
  return x.folded === y.folded || x.cased === y.cased;
}

describe('storeNameKey (UTS #39 skeleton, case-insensitive)', () => {
  it.each([
    ['Maple Denim Co', 'Maple Denim C\u043e'],
    ['Maple Denim Co', 'MAPLE DENIM CO'],
    ['Maple Denim Co', 'M\u0430ple D\u0435nim Co'],
    ['Maple Denim Co', 'Maple\u200b Denim Co'],
    ['Maple Denim Co', 'Maple  Denim\u2003Co'],
    ['Mill Road', 'MiII Road'],
    ['PayPal', 'PayPaI'],
    ['Maple Denim Co', 'MAPLE DENIM C\u041e'],
    ['Maple Denim Co', 'Map1e Denim Co'],
    ['Pine Corner', 'Pine Comer'],
    ['Ocean Goods', '\u039fcean G00ds'],
    ['Rain Coats', 'Rain \u{1d402}oats'],
    ['Atelier \u00c9lise', 'Atelier E\u0301lise'],
    // Issue 39.5: punctuation, symbols and spacing.
    ['Maple Denim Co', 'Maple Denim Co.'],
    ['Maple Denim Co', 'Maple-Denim Co'],
    ['Maple Denim Co', 'MapleDenim Co'],
    ['Maple Denim Co', 'Maple Denim, Co!'],
    ['Harbour Knits', "Harbour Knit's"],
    ['Salt & Pepper', 'Salt Pepper'],
  ])('%j and %j look the same', (a, b) => {
    expect(looksAlike(a, b)).toBe(true);
  });

  it.each([
    ['Maple Denim Co', 'Maple Denim'],
    ['Maple Denim Co', 'Maple Denim Go'],
    ['Atelier Élise', 'Atelier Elise'],
    ['東京デニム', '京都デニム'],
    ['Mill Road', 'Mii Road'],
    ['Lily Lane', 'Liiy Lane'],
    ['Maple Denim Co.', 'Maple Denim Go.'],
  ])('%j and %j differ', (a, b) => {
    expect(looksAlike(a, b)).toBe(false);
  });
});
