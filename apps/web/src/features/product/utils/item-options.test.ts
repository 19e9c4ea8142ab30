import type { ItemOption } from '@marketplace/shared';
import { describe, expect, it } from 'vitest';
import {
  findOption,
  galleryImages,
  isColorSelectable,
  isSizeSelectable,
  optionColors,
  optionSizes,
  parseProductId,
} from './item-options';

const option = (id: number, color: string, size: string, extra: Partial<ItemOption> = {}) => ({
  id,
  color,
  size,
  price: 0,
  sale: 0,
  count: 3,
  isAvailable: true,
  ...extra,
});

const options: ItemOption[] = [
  option(1, 'RED', 'L'),
  option(2, 'RED', 'S'),
  option(3, 'BLUE', 'M', { isAvailable: false }),
  option(4, 'BLUE', 'S'),
  option(5, 'GREEN', 'XL', { isAvailable: false }),
];

describe('item options', () => {
  it('lists colours in order and sizes smallest first', () => {
    expect(optionColors(options)).toEqual(['RED', 'BLUE', 'GREEN']);
    expect(optionSizes(options)).toEqual(['S', 'M', 'L', 'XL']);
  });

  it('finds the option of a colour and size, or none', () => {
    expect(findOption(options, 'BLUE', 'S')?.id).toBe(4);
    expect(findOption(options, 'BLUE', 'L')).toBeNull();
    expect(findOption(options, null, 'S')).toBeNull();
  });

  it('disables colours with no available option and sizes whose combination is missing or unavailable', () => {
    expect(isColorSelectable(options, 'RED')).toBe(true);
    expect(isColorSelectable(options, 'GREEN')).toBe(false);
    expect(isSizeSelectable(options, 'L', 'RED')).toBe(true);
    expect(isSizeSelectable(options, 'L', 'BLUE')).toBe(false);
    expect(isSizeSelectable(options, 'M', 'BLUE')).toBe(false);
    expect(isSizeSelectable(options, 'M', null)).toBe(false);
    expect(isSizeSelectable(options, 'S', null)).toBe(true);
  });

  it('puts the thumbnail first in the gallery and drops repeats', () => {
    expect(
      galleryImages({ thumbnail: '/t.webp', images: ['/a.webp', '/t.webp', '/b.webp'] }),
    ).toEqual(['/t.webp', '/a.webp', '/b.webp']);
    expect(galleryImages({ thumbnail: null, images: [] })).toEqual([]);
  });

  it.each([
    ['7', 7],
    ['2147483647', 2147483647],
    ['0', null],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
    ['07', 7],
    ['2147483648', null],
    [undefined, null],
  ])('parses the product id %j as %j', (raw, expected) => {
    expect(parseProductId(raw)).toBe(expected);
  });
});
