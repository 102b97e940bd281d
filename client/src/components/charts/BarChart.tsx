/**
 * Bar charts (recharts) for the finance and analytics pages. The chart is a picture of numbers
 * the page also gives as text: the figure carries a caption, the SVG is named by it, and the
 * page keeps the table beside it, so nothing is known only by looking at bars.
 */
import { Bar, BarChart as RechartsBarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useId } from 'react';
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

export function BarChart<K extends string>({ title, data, series, format, height = 260, horizontal = false }: BarChartProps<K>) {
  const captionId = useId();
  const rows = data.map((d) => ({ ...d }));
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart__caption">
        {title}
      </figcaption>
      <div className="chart__plot" style={{ height }} role="img" aria-label={`${title}: chart of the figures listed in the table`}>
        <ResponsiveContainer width="100%" height="100%">
          <RechartsBarChart data={rows} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e6eb" vertical={horizontal} horizontal={!horizontal} />
            {horizontal ? (
              <>
                <XAxis type="number" tickFormatter={(v: number) => format(v)} tick={{ fontSize: 12, fill: '#5b6675' }} />
                <YAxis type="category" dataKey="label" width={120} tick={{ fontSize: 12, fill: '#5b6675' }} />
              </>
            ) : (
              <>
                <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#5b6675' }} interval="preserveStartEnd" />
                <YAxis tickFormatter={(v: number) => format(v)} tick={{ fontSize: 12, fill: '#5b6675' }} width={72} />
              </>
            )}
            <Tooltip formatter={(value) => (typeof value === 'number' ? format(value) : String(value))} cursor={{ fill: 'rgb(15 118 110 / 8%)' }} />
            {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} stackId={s.stack} radius={s.stack ? 0 : 3} isAnimationActive={false} />
            ))}
          </RechartsBarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
