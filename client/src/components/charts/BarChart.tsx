/**
 * Bar charts (recharts) for the finance and analytics pages. The chart is a picture of numbers
 * the page also gives as text: the figure carries a caption, the SVG is named by it, and the
 * page keeps the table beside it, so nothing is known only by looking at bars.
 */
import { Bar, BarChart as RechartsBarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis, type XAxisTickContentProps, type YAxisTickContentProps } from 'recharts';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { bottomLabelInterval, labelWidth, sideLabelInterval } from './tick-interval';
import './charts.css';

/** Palette colours of styles.css as literals: SVG presentation attributes do not read CSS variables everywhere. */
export const CHART_COLORS = {
  primary: '#0f766e',
  accent: '#6d4ad6',
  info: '#1d5fb8',
  warning: '#b26a00',
  muted: '#9aa3af',
  danger: '#b42318',
} as const;

export type ChartSeries<K extends string> = { key: K; label: string; color: string; stack?: string };

export type BarChartProps<K extends string> = {
  /** Short caption, shown and used as the chart's accessible name. */
  title: string;
  /** One object per category: its label and a number per series key. */
  data: readonly ({ label: string } & Record<K, number>)[];
  series: readonly ChartSeries<K>[];
  /** How a value reads on the axis and in the tooltip. */
  format: (value: number) => string;
  height?: number;
  /** Categories down the side (long names: properties, sites). */
  horizontal?: boolean;
};

/**
 * The plot's width once it is this chart's turn to draw (0 before), following the plot's size.
 * The plot has a fixed height, so a page shows its figures and tables at once and each chart
 * appears in its place: drawn one per task (measuring tick labels, laying out axes: 15 to 30 ms a
 * chart, 65 to 80 ms for the first one while the charts' code is cold), not all of a page's charts
 * in one long task that holds the page.
 */
function usePlotWidth(plot: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = plot.current;
    if (!element) return;
    let observer: ResizeObserver | undefined;
    const cancel = whenTurn(() => {
      flushSync(() => setWidth(element.clientWidth));
      observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
      observer.observe(element);
    });
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, [plot]);
  return width;
}

/** Charts waiting to draw, one per task in the order they mounted. */
const waiting: (() => void)[] = [];
let drawing = false;

function drawNext(): void {
  const draw = waiting.shift();
  if (!draw) {
    drawing = false;
    return;
  }
  try {
    draw();
  } finally {
    setTimeout(drawNext, 0);
  }
}

function whenTurn(draw: () => void): () => void {
  waiting.push(draw);
  if (!drawing) {
    drawing = true;
    setTimeout(drawNext, 0);
  }
  return () => {
    const at = waiting.indexOf(draw);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/**
 * One axis label as plain SVG text. Recharts' own label (its Text) is given the axis's width and
 * so measures every word of it in the DOM, a forced layout each, for line breaks these short
 * labels never need; the vertical anchor's shift is the one it applies.
 */
function AxisTick({ x, y, textAnchor, verticalAnchor, payload, index, tickFormatter, className }: XAxisTickContentProps | YAxisTickContentProps) {
  const text = tickFormatter ? tickFormatter(payload.value, index) : String(payload.value);
  const dy = verticalAnchor === 'start' ? '0.71em' : verticalAnchor === 'middle' ? '0.355em' : undefined;
  return (
    <text x={x} y={y} dy={dy} textAnchor={textAnchor} fill="#5b6675" fontSize={12} className={className}>
      {text}
    </text>
  );
}

const tick = (props: XAxisTickContentProps | YAxisTickContentProps) => <AxisTick {...props} />;

export function BarChart<K extends string>({ title, data, series, format, height = 260, horizontal = false }: BarChartProps<K>) {
  const captionId = useId();
  const rows = data.map((d) => ({ ...d }));
  const plot = useRef<HTMLDivElement>(null);
  const width = usePlotWidth(plot);
  // Label intervals worked out, not measured by recharts in the DOM (tick-interval.ts). The
  // margins, the side axis's width and the bottom axis's height are the ones given below.
  const labels = data.map((d) => d.label);
  const valueLabel = labelWidth(format(Math.max(0, ...data.flatMap((d) => series.map((s) => Math.abs(d[s.key]))))));
  const valueTicks = Math.max(2, Math.min(5, Math.floor((width - 120 - 24) / (valueLabel + 16))));
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart__caption">
        {title}
      </figcaption>
      <div ref={plot} className="chart__plot" style={{ height }} role="img" aria-label={`${title}: chart of the figures listed in the table`}>
        {width > 0 ? (
          <RechartsBarChart width={width} height={height} data={rows} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e6eb" vertical={horizontal} horizontal={!horizontal} />
            {horizontal ? (
              <>
                <XAxis type="number" tickFormatter={(v: number) => format(v)} tick={tick} tickCount={valueTicks} interval={0} />
                {/* Long names down the side: recharts' own labels, which break them onto two lines. */}
                <YAxis type="category" dataKey="label" width={120} tick={{ fontSize: 12, fill: '#5b6675' }} interval={sideLabelInterval(labels.length, height - 16 - 30)} />
              </>
            ) : (
              <>
                <XAxis dataKey="label" tick={tick} interval={bottomLabelInterval(labels, width - 72 - 24)} />
                <YAxis tickFormatter={(v: number) => format(v)} tick={tick} width={72} interval={0} />
              </>
            )}
            <Tooltip formatter={(value) => (typeof value === 'number' ? format(value) : String(value))} cursor={{ fill: 'rgb(15 118 110 / 8%)' }} />
            {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} stackId={s.stack} radius={s.stack ? 0 : 3} isAnimationActive={false} />
            ))}
          </RechartsBarChart>
        ) : null}
      </div>
    </figure>
  );
}
