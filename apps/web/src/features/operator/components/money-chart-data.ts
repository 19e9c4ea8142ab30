import { msg, type MoneyWeek } from '@marketplace/shared';
import type { I18n } from '../../../i18n/i18n-context';
import { CALENDAR_DAY } from './operator-text';

/** The money bars, on the currency's axis. */
const MONEY_SERIES = [
  { key: 'gmv', label: msg('GMV'), color: '#2f5d50' },
  { key: 'commission', label: msg('Commission'), color: '#c8963e' },
  { key: 'taxCollected', label: msg('Tax collected'), color: '#6c7a89' },
  { key: 'refunds', label: msg('Refunds'), color: '#b5473a' },
] as const;

const RETURNS_OPENED = msg('Returns opened');

/**
 * Returns are a count, not money: a line of points on an axis of their own (issue 39.19), never
 * a bar beside the money, so that one return is not the tallest bar of the week.
 */
export const RETURNS_AXIS = 'returns';

/**
 * The returns axis's top: twice the most returns of a week, at least 5, so that the line stays
 * in the lower half of the chart and reads as a count, apart from the bars' heights.
 */
export function returnsAxisMax(weeks: MoneyWeek[]): number {
  return Math.max(5, 2 * Math.max(0, ...weeks.map((week) => week.returns)));
}

/**
 * What the money chart draws for the weeks of one currency: Chart.js's `data` (kept apart from
 * the chart so that it is tested without a canvas), its weeks and legends in the page's language.
 */
export function moneyChartData(
  weeks: MoneyWeek[],
  { t, formatDate }: Pick<I18n, 't' | 'formatDate'>,
) {
  return {
    labels: weeks.map((week) => formatDate(week.week, CALENDAR_DAY)),
    datasets: [
      ...MONEY_SERIES.map((series) => ({
        type: 'bar' as const,
        label: t(series.label),
        data: weeks.map((week) => week[series.key]),
        backgroundColor: series.color,
        yAxisID: 'y',
      })),
      {
        type: 'line' as const,
        label: t(RETURNS_OPENED),
        data: weeks.map((week) => week.returns),
        borderColor: '#8a6fb0',
        backgroundColor: '#8a6fb0',
        borderDash: [4, 4],
        pointStyle: 'rectRot' as const,
        pointRadius: 5,
        yAxisID: RETURNS_AXIS,
        // Drawn over the bars.
        order: 0,
      },
    ],
  };
}
