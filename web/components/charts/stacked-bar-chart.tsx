import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ChartFigure, ChartLegend } from './chart-figure.tsx';
import { ColumnPlot } from './column-plot.tsx';

// Stacked columns: each column a total split into series (orders of a day by status), the series in
// the legend's order from the baseline up, each with its colour tone (web/styles/charts.css).
export interface StackSeries { key: string; label: string; tone: string }
export interface StackColumn {
  key: string;
  /** Short text under the column. */
  label: string;
  /** The column in full, for the tooltip and the table (default: the label). */
  fullLabel?: string;
  values: Record<string, number>;
}

export function StackedBarChart(props: {
  title: string;
  description?: ReactNode;
  series: StackSeries[];
  columns: StackColumn[];
  valueAxisLabel: string;
  categoryAxisLabel: string;
  /** A value as the page writes it, e.g. "3 orders". */
  formatValue: (value: number) => string;
  formatTick?: (value: number) => string;
  /** One series' value in the tooltip and the table (default: the number as it is), e.g. agorot as shekels. */
  formatPart?: (value: number) => string;
  integer?: boolean;
  empty: string;
  headingLevel?: 2 | 3;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const totalOf = (column: StackColumn) => props.series.reduce((sum, series) => sum + (column.values[series.key] ?? 0), 0);
  const part = props.formatPart ?? String;
  const describe = (column: StackColumn) => {
    const parts = props.series.filter((series) => (column.values[series.key] ?? 0) > 0).map((series) => `${series.label} ${part(column.values[series.key] ?? 0)}`);
    return `${column.fullLabel ?? column.label}: ${props.formatValue(totalOf(column))}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
  };
  const table = {
    columns: [props.categoryAxisLabel, ...props.series.map((series) => series.label), t('charts.total')],
    rows: props.columns.map((column) => ({ label: column.fullLabel ?? column.label, cells: [...props.series.map((series) => part(column.values[series.key] ?? 0)), part(totalOf(column))] })),
  };
  const hasValues = props.columns.some((column) => totalOf(column) > 0);
  return (
    <ChartFigure title={props.title} description={props.description} table={table} legend={hasValues ? <ChartLegend series={props.series} /> : null} headingLevel={props.headingLevel} testId={props.testId}>
      {hasValues ? (
        <ColumnPlot
          label={props.title} rtl={rtl} integer={props.integer} formatTick={props.formatTick ?? String}
          valueAxisLabel={props.valueAxisLabel} categoryAxisLabel={props.categoryAxisLabel}
          columns={props.columns.map((column) => ({
            key: column.key, label: column.label, description: describe(column),
            segments: props.series.map((series) => ({ tone: series.tone, value: column.values[series.key] ?? 0 })),
          }))}
        />
      ) : <p className="empty chart-empty">{props.empty}</p>}
    </ChartFigure>
  );
}
