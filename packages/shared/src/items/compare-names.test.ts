import { describe, expect, it } from 'vitest';
import { compareNames } from './compare-names';

describe('compareNames', () => {
  it('puts accented and capitalised names where a reader looks for them', () => {
    expect(['Zed', 'Ébène', 'atelier', 'Maple', 'Öko Wear', 'Ocean'].sort(compareNames)).toEqual([
      'atelier',
      'Ébène',
      'Maple',
      'Ocean',
      'Öko Wear',
      'Zed',
    ]);
  });

  it('sorts brand and colour names as localeCompare does', () => {
    const names = [
      'Atelier Mont-Royal',
      'Atelier Montréal',
      'Érable & Fils',
      'Erin Knits',
      'Maple Denim Co',
      'Maplewood',
      'Öko Wear',
      'Ocean Thread',
      '2nd Street',
      'navy',
      'black',
      'Beige',
      'off-white',
      'olive',
      'zephyr',
    ];
    expect([...names].sort(compareNames)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('never ties two different names', () => {
    expect(compareNames('Érable', 'érable')).not.toBe(0);
    expect(compareNames('Érable', 'érable')).toBe(-compareNames('érable', 'Érable'));
    expect(compareNames('navy', 'navy')).toBe(0);
  });
});
