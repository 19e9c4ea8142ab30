import type { Category } from '../constants';
import { SIZE_SYSTEMS } from '../constants';
import type { TaxClass } from './tax';

/**
 * Which kids' sizes are children's sizes, per size system. The rules exempt or rebate clothing
 * designed for children, not an adult size bought for one (CRA GI-063 excludes "adult sized
 * garments even if acquired for a child"), so a large size in the kids category is taxed as
 * adult clothing:
 * - letter: GI-063 names girls' and boys' sizes small, medium and large where no Canada
 *   Standard Size applies; smaller ones are children's too, XL and up are taken as adult.
 * - shoe: children's footwear "up to and including girls' and boys' size 6" (GI-063;
 *   Saskatchewan Bulletin PST-1); BC treats footwear over 24.25 cm (9.5 in) as adult-sized.
 * - waist: the ceiling is girls' Canada Standard Size 16 / boys' 20; a boys' 16 fits a
 *   28-inch waist on common size charts, so 28 in is the largest waist taken as children's.
 * - one size: hats, scarves, gloves and mittens in sizes and styles designed for children
 *   (GI-063) when sold in the kids category.
 */
export const CHILDRENS_SIZE_LIMITS = {
  letter: 'L',
  shoe: '6',
  waist: '28',
  one: 'ONE SIZE',
} as const satisfies Record<(typeof SIZE_SYSTEMS)[number]['id'], string>;

/** Tax class of a product by its category and the size ordered (spec's categories and sizes). */
export function taxClassOf(product: { category: Category; size: string }): TaxClass {
  if (product.category !== 'kids') return 'clothing';
  const system = SIZE_SYSTEMS.find((s) => (s.sizes as readonly string[]).includes(product.size));
  // A size outside the known systems cannot be shown to be a child's: tax it in full.
  if (!system) return 'clothing';
  const sizes = system.sizes as readonly string[];
  const limit = sizes.indexOf(CHILDRENS_SIZE_LIMITS[system.id]);
  return sizes.indexOf(product.size) <= limit ? 'childrens_clothing' : 'clothing';
}
