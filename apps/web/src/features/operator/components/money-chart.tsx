import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { MoneyWeek } from '@marketplace/shared';

// Only what a bar chart needs (Chart.js is tree-shaken); this module loads with the console only.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const SERIES = [
  { key: 'gmv', label: 'GMV', color: '#2f5d50' },
  { key: 'commission', label: 'Commission', color: '#c8963e' },
  { key: 'taxCollected', label: 'Tax collected', color: '#6c7a89' },
  { key: 'refunds', label: 'Refunds', color: '#b5473a' },
] as const;

/** The weeks of one currency as grouped bars; the table beside it carries the same numbers. */
export function MoneyChart({ weeks, currency }: { weeks: MoneyWeek[]; currency: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: weeks.map((week) => week.week),
        datasets: SERIES.map((series) => ({
          label: series.label,
          data: weeks.map((week) => week[series.key]),
          backgroundColor: series.color,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, title: { display: true, text: currency } } },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [weeks, currency]);
  return (
    <div className="operator-chart">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`GMV, commission, tax collected and refunds per week in ${currency}; the table below has the numbers`}
      />
    </div>
  );
}
