import { describe, expect, it } from 'vitest';
import { PRODUCT_FORM_MESSAGES as M, itemInputSchema } from './items';

const product = (dimensions: object) => ({
  name: 'Raw Selvedge Jean',
  price: 120,
  currency: 'CAD',
  category: 'men',
  dimensions,
  itemOptions: [{ color: 'RED', size: 'M', price: 0, count: 1 }],
});
const boxIssues = (dimensions: object) => {
  const result = itemInputSchema.safeParse(product(dimensions));
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the delivery box is checked in the unit it is given in (issue 39.15)', () => {
  it('IMPERIAL: spec 5 in inches and pounds, with its exact words', () => {
    expect(boxIssues({ width: 250, length: 16, height: 4, weight: 1, unit: 'IMPERIAL' })).toEqual([
      ['dimensions.width', 'Width must be between 2 and 200 in.'],
      ['dimensions.weight', 'Weight must be between 2 and 200 lb.'],
    ]);
  });

  it('METRIC: the same box in centimetres and kilograms, and the message names them', () => {
    // 300 cm is 118 in: a box spec 5 allows, refused before as "between 2 and 200 in.".
    expect(boxIssues({ width: 300, length: 40, height: 10, weight: 1.5, unit: 'METRIC' })).toEqual(
      [],
    );
    expect(boxIssues({ width: 600, length: 40, height: 3, weight: 95, unit: 'METRIC' })).toEqual([
      ['dimensions.width', M.dimensionRangeMetric('Width')],
      ['dimensions.height', M.dimensionRangeMetric('Height')],
      ['dimensions.weight', M.weightRangeMetric],
    ]);
    expect(M.dimensionRangeMetric('Width')).toBe('Width must be between 5.08 and 508 cm.');
    expect(M.weightRangeMetric).toBe('Weight must be between 0.91 and 90.71 kg.');
  });
});
