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

/** Returns are a count, not money: their bars read against an axis of their own. */
export const RETURNS_AXIS = 'returns';

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
        label: t(series.label),
        data: weeks.map((week) => week[series.key]),
        backgroundColor: series.color,
        yAxisID: 'y',
      })),
      {
        label: t(RETURNS_OPENED),
        data: weeks.map((week) => week.returns),
        backgroundColor: '#8a6fb0',
        yAxisID: RETURNS_AXIS,
      },
    ],
  };
}
