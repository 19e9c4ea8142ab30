import type { MoneyWeek } from '@marketplace/shared';
import { formatDateIn } from '@marketplace/shared';
import { describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../i18n/catalogs';
import { RETURNS_AXIS, moneyChartData, returnsAxisMax } from './money-chart-data';

const week = (overrides: Partial<MoneyWeek>): MoneyWeek => ({
  week: '2026-10-05',
  currency: 'CAD',
  gmv: 500,
  orders: 4,
  commission: 100.2,
  taxCollected: 60,
  refunds: 20,
  returns: 3,
  ...overrides,
});

describe('the money chart', () => {
  it('draws the money per week on the currency axis and the returns opened on their own', async () => {
    const english = await loadTranslator('en');
    const data = moneyChartData([week({}), week({ week: '2026-10-12', gmv: 80, returns: 0 })], {
      t: english.t,
      formatDate: (date, options) => formatDateIn('en', date, options),
    });
    expect(data.labels).toEqual(['Oct 5, 2026', 'Oct 12, 2026']);
    expect(data.datasets.map((set) => [set.label, set.yAxisID, set.data])).toEqual([
      ['GMV', 'y', [500, 80]],
      ['Commission', 'y', [100.2, 100.2]],
      ['Tax collected', 'y', [60, 60]],
      ['Refunds', 'y', [20, 20]],
      ['Returns opened', RETURNS_AXIS, [3, 0]],
    ]);
  });

  it('draws the returns as a line on a scale of their own, so one return is never the tallest bar (issue 39.19)', async () => {
    const english = await loadTranslator('en');
    const weeks = [week({ gmv: 500, returns: 1 }), week({ week: '2026-10-12', returns: 0 })];
    const data = moneyChartData(weeks, {
      t: english.t,
      formatDate: (date, options) => formatDateIn('en', date, options),
    });
    expect(data.datasets.map((set) => [set.label, set.type])).toEqual([
      ['GMV', 'bar'],
      ['Commission', 'bar'],
      ['Tax collected', 'bar'],
      ['Refunds', 'bar'],
      ['Returns opened', 'line'],
    ]);
    // One return reaches a fifth of its axis, in the lower half whatever the money's scale.
    expect(returnsAxisMax(weeks)).toBe(5);
    expect(returnsAxisMax([week({ returns: 7 })])).toBe(14);
    expect(returnsAxisMax([])).toBe(5);
  });

  it('writes its weeks and legends in Canadian French on French pages', async () => {
    const french = await loadTranslator('fr-CA');
    const data = moneyChartData([week({})], {
      t: french.t,
      formatDate: (date, options) => formatDateIn('fr-CA', date, options),
    });
    expect(data.labels).toEqual(['5 oct. 2026']);
    expect(data.datasets.map((set) => set.label)).toEqual([
      'VBM',
      'Commission',
      'Taxes perçues',
      'Remboursements',
      'Retours ouverts',
    ]);
  });
});
