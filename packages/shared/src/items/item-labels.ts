import { COLOR_DEFINITIONS, SIZE_SYSTEMS, SIZES, type SizeSystem } from '../constants';
import { compareNames } from './compare-names';
import { msg } from '../i18n/msg';

const COLOR_BY_ID = new Map<string, (typeof COLOR_DEFINITIONS)[number]>(
  COLOR_DEFINITIONS.map((c) => [c.id, c]),
);

/** 'NAVY' reads 'Navy'; a value from before the list, as it was stored, in title case. */
export function colorLabel(color: string): string {
  const known = COLOR_BY_ID.get(color.toUpperCase());
  return known ? known.label : color.charAt(0).toUpperCase() + color.slice(1).toLowerCase();
}

/** The swatch's CSS background (a colour or, for MULTI, a gradient); undefined when unknown. */
export function colorSwatch(color: string): string | undefined {
  return COLOR_BY_ID.get(color.toUpperCase())?.hex;
}

/** The system a size belongs to, or undefined for a value outside every list. */
export function sizeSystemOf(size: string): SizeSystem | undefined {
  const upper = size.toUpperCase();
  return SIZE_SYSTEMS.find((system) => (system.sizes as readonly string[]).includes(upper))?.id;
}

const ONE_SIZE_LABEL = msg('One size');

/** How a size reads: 'W32' (waist), 'US 9.5' (shoe), 'One size'; letters as they are. */
export function sizeLabel(size: string): string {
  const upper = size.toUpperCase();
  switch (sizeSystemOf(upper)) {
    case 'waist':
      return `W${upper}`;
    case 'shoe':
      return `US ${upper}`;
    case 'one':
      return ONE_SIZE_LABEL;
    default:
      return upper;
  }
}

/** Sizes smallest first, system by system (SIZES' order); unknown values last, A to Z. */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string) => {
    const index = SIZES.indexOf(size.toUpperCase());
    return index === -1 ? SIZES.length : index;
  };
  return rank(a) - rank(b) || compareNames(a, b);
}
