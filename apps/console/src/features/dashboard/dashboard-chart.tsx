import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The colour of a CSS custom property of the page (the console's theme), with a fallback. */
function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

/**
 * One figure per day as a uPlot chart (canvas), as wide as its box. Decorative for assistive
 * technology: the card beside it says the same in words and as a table.
 */
export function DashboardChart({
  dates,
  values,
  label,
  locale,
}: {
  dates: readonly string[];
  values: readonly number[];
  label: string;
  locale: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const stroke = cssVar('--primary', '#1f5fbf');
    const grid = cssVar('--border', '#d0d7de');
    const text = cssVar('--muted', '#57606a');
    const plot = new uPlot(
      {
        width: Math.max(200, el.clientWidth),
        height: 160,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 6 } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
        axes: [
          {
            stroke: text,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid, width: 1 },
            space: 60,
            values: (_u, splits) => splits.map((s) => day.format(new Date(s * 1000))),
          },
          {
            stroke: text,
            grid: { stroke: grid, width: 1 },
            ticks: { show: false },
            size: 40,
            values: (_u, s) => s.map((v) => (Number.isInteger(v) ? String(v) : '')),
          },
        ],
        series: [
          {},
          {
            label,
            stroke,
            width: 2,
            fill: `${stroke}22`,
            points: { show: dates.length <= 31, size: 4 },
          },
        ],
      },
      [xs, [...values]],
      el,
    );
    const ro = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height: 160 }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
    };
  }, [dates, values, label, locale]);
  return <div ref={box} className="dash-chart" aria-hidden="true" data-testid="dashboard-chart" />;
}
