/**
 * The sales screen's bar charts, drawn by uPlot on a canvas. The screen imports this module with
 * import() when it opens, so uPlot and its style sheet load with the Sales screen only (never on
 * the other admin screens, the board or the public pages). A chart is a picture: the screen gives
 * it a text alternative and the same figures in a table.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface BarChart {
  destroy(): void;
}

export interface BarChartOptions {
  /** The label under each bar, in order. */
  labels: readonly string[];
  values: readonly number[];
  /** A value on the side axis: '$120', '3'. */
  formatValue: (value: number) => string;
  /** Whole numbers only on the side axis (orders). */
  wholeNumbers?: boolean;
  height?: number;
}

const cssColour = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** Draws bars into `into`, as wide as it is, and follows its width. */
export function drawBars(into: HTMLElement, options: BarChartOptions): BarChart {
  const { labels, values, formatValue } = options;
  const ink = cssColour('--ink', '#1f1a17');
  const bar = cssColour('--agave', '#2e6b3a');
  const height = options.height ?? 220;
  const xs = labels.map((_, i) => i);
  const top = Math.max(0, ...values);
  const chart = new uPlot(
    {
      width: Math.max(into.clientWidth, 200),
      height,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, auto: false, range: [-0.5, Math.max(labels.length, 1) - 0.5] },
        y: { auto: false, range: [0, top > 0 ? top * 1.1 : 1] },
      },
      axes: [
        {
          stroke: ink,
          grid: { show: false },
          ticks: { show: false },
          space: 44,
          incrs: [1, 2, 3, 4, 6, 7, 12, 14, 28, 30, 60, 91, 182],
          values: (_, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')),
        },
        {
          stroke: ink,
          size: 64,
          grid: { stroke: 'rgba(0, 0, 0, 0.12)' },
          ...(options.wholeNumbers ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] } : {}),
          values: (_, splits) => splits.map(formatValue),
        },
      ],
      series: [
        {},
        {
          fill: bar,
          stroke: bar,
          width: 0,
          points: { show: false },
          paths: uPlot.paths.bars!({ size: [0.7, 48], align: 0 }),
        },
      ],
    },
    [xs, [...values]],
    into,
  );
  const follow = new ResizeObserver(() => {
    const width = Math.max(into.clientWidth, 200);
    if (width !== chart.width) chart.setSize({ width, height });
  });
  follow.observe(into);
  return {
    destroy() {
      follow.disconnect();
      chart.destroy();
    },
  };
}
