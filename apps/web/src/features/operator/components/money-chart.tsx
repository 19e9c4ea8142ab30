import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { MoneyWeek } from '@marketplace/shared';
import { useI18n } from '../../../i18n/i18n-context';
import { RETURNS_AXIS, moneyChartData, returnsAxisMax } from './money-chart-data';

// Only what bars and the returns' line need (Chart.js is tree-shaken); it loads with the console only.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/** The weeks of one currency as grouped bars; the table beside it carries the same numbers. */
export function MoneyChart({ weeks, currency }: { weeks: MoneyWeek[]; currency: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart<'bar' | 'line'>(canvas.current, {
      type: 'bar',
      data: moneyChartData(weeks, i18n),
      options: {
        locale: i18n.locale,
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          y: { beginAtZero: true, title: { display: true, text: currency } },
          [RETURNS_AXIS]: {
            type: 'linear',
            position: 'right',
            beginAtZero: true,
            suggestedMax: returnsAxisMax(weeks),
            title: { display: true, text: t('Returns') },
            ticks: { precision: 0 },
            grid: { drawOnChartArea: false },
          },
        },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [weeks, currency, i18n, t]);
  return (
    <div className="operator-chart">
      <canvas
        ref={canvas}
        role="img"
        aria-label={t(
          'GMV, commission, tax collected and refunds per week in {currency}, and the returns opened; the table below has the numbers',
          { currency },
        )}
      />
    </div>
  );
}
