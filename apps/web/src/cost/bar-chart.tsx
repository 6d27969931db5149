import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface BarChartProps {
  /** Names the chart for screen readers; the table beside it carries the figures. */
  label: string;
  categories: string[];
  values: number[];
  /** How a value reads on the axis and in the legend. */
  format: (value: number) => string;
}

const HEIGHT = 240;

/**
 * A bar chart drawn by uPlot (about 20 kB gzipped, canvas, no dependencies), the categories at
 * 0..n-1 on the x axis. Loaded with the cost page only (its own chunk), never on the first page.
 */
export default function BarChart({ label, categories, values, format }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current!;
    const chart = new uPlot({
      width: element.clientWidth || 320,
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, categories.length - 0.5] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      axes: [
        { values: (_u, splits) => splits.map((split) => (Number.isInteger(split) ? categories[split] ?? '' : '')), stroke: '#1f2937', grid: { show: false } },
        { values: (_u, splits) => splits.map(format), stroke: '#1f2937', size: 90 },
      ],
      series: [{}, { label, fill: '#1d4ed8', stroke: '#1d4ed8', paths: uPlot.paths.bars!({ size: [0.6, 48] }), points: { show: false } }],
    }, [categories.map((_, index) => index), values], element);
    // Phone widths and rotations: the canvas follows its box.
    const observer = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [label, categories, values, format]);
  return <div ref={box} role="img" aria-label={label} className="chart" />;
}
