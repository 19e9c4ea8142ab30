import { SIZES, type ItemDetail, type ItemOption } from '@marketplace/shared';

const unique = (values: string[]) => [...new Set(values)];

/** The colours of a product's options, in the seller's order. */
export function optionColors(options: readonly ItemOption[]): string[] {
  return unique(options.map((o) => o.color));
}

/** The sizes of a product's options, smallest first (spec 3's size order; others after). */
export function optionSizes(options: readonly ItemOption[]): string[] {
  const rank = (size: string) => {
    const index = (SIZES as readonly string[]).indexOf(size);
    return index === -1 ? SIZES.length : index;
  };
  return unique(options.map((o) => o.size)).sort((a, b) => rank(a) - rank(b));
}

export function findOption(
  options: readonly ItemOption[],
  color: string | null,
  size: string | null,
): ItemOption | null {
  if (color === null || size === null) return null;
  return options.find((o) => o.color === color && o.size === size) ?? null;
}

/** A colour can be chosen when at least one of its options is available. */
export function isColorSelectable(options: readonly ItemOption[], color: string): boolean {
  return options.some((o) => o.color === color && o.isAvailable);
}

/**
 * A size can be chosen when its combination with the chosen colour exists and is available
 * (with no colour chosen yet: when any available option has that size).
 */
export function isSizeSelectable(
  options: readonly ItemOption[],
  size: string,
  color: string | null,
): boolean {
  return options.some(
    (o) => o.size === size && o.isAvailable && (color === null || o.color === color),
  );
}

/** The images a shopper can flip through: the thumbnail, then the extra images, each once. */
export function galleryImages(item: Pick<ItemDetail, 'thumbnail' | 'images'>): string[] {
  return unique([item.thumbnail, ...item.images].filter((url): url is string => Boolean(url)));
}

/** 'RED' reads as 'Red'. */
export function displayName(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}

const MAX_ID = 2 ** 31 - 1;

/** A product id from the URL: a positive integer, or null (then no request is made). */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}
