import type { MoneyWeek } from '@marketplace/shared';

/** The money bars, on the currency's axis. */
const MONEY_SERIES = [
  { key: 'gmv', label: 'GMV', color: '#2f5d50' },
  { key: 'commission', label: 'Commission', color: '#c8963e' },
  { key: 'taxCollected', label: 'Tax collected', color: '#6c7a89' },
  { key: 'refunds', label: 'Refunds', color: '#b5473a' },
] as const;

/** Returns are a count, not money: their bars read against an axis of their own. */
export const RETURNS_AXIS = 'returns';

/**
 * What the money chart draws for the weeks of one currency: Chart.js's `data` (kept apart from
 * the chart so that it is tested without a canvas).
 */
export function moneyChartData(weeks: MoneyWeek[]) {
  return {
    labels: weeks.map((week) => week.week),
    datasets: [
      ...MONEY_SERIES.map((series) => ({
        label: series.label,
        data: weeks.map((week) => week[series.key]),
        backgroundColor: series.color,
        yAxisID: 'y',
      })),
      {
        label: 'Returns opened',
        data: weeks.map((week) => week.returns),
        backgroundColor: '#8a6fb0',
        yAxisID: RETURNS_AXIS,
      },
    ],
  };
}
