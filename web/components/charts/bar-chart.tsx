import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ChartFigure } from './chart-figure.tsx';
import { ColumnPlot } from './column-plot.tsx';

// A one-series bar chart: vertical columns (a histogram, a time series) or horizontal rows (named
// categories, whose long names need the width). Each bar carries its value in a tooltip and an
// accessible name; the same numbers are one click away as a table.
export interface Bar {
  key: string;
  label: string;
  value: number;
  /** The value as the page writes it (currency, unit). */
  valueText: string;
}

interface BarChartProps {
  title: string;
  description?: ReactNode;
  bars: Bar[];
  orientation?: 'vertical' | 'horizontal';
  /** The values' axis (vertical) or column header (horizontal), e.g. "Orders" or "Revenue (₪)". */
  valueAxisLabel: string;
  /** The categories' axis, e.g. "Days before the event" or "Category". */
  categoryAxisLabel: string;
  formatTick?: (value: number) => string;
  /** Whole-number ticks (counts). */
  integer?: boolean;
  /** Shown instead of the drawing when every value is zero. */
  empty: string;
  headingLevel?: 2 | 3;
  testId?: string;
}

export function BarChart(props: BarChartProps) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const table = { columns: [props.categoryAxisLabel, props.valueAxisLabel], rows: props.bars.map((bar) => ({ label: bar.label, cells: [bar.valueText] })) };
  const hasValues = props.bars.some((bar) => bar.value > 0);
  const formatTick = props.formatTick ?? ((value: number) => String(value));
  return (
    <ChartFigure title={props.title} description={props.description} table={table} headingLevel={props.headingLevel} testId={props.testId}>
      {!hasValues ? <p className="empty chart-empty">{props.empty}</p>
        : props.orientation === 'horizontal' ? <BarRows bars={props.bars} rtl={rtl} label={props.title} valueAxisLabel={props.valueAxisLabel} categoryAxisLabel={props.categoryAxisLabel} />
        : (
          <ColumnPlot
            label={props.title} rtl={rtl} integer={props.integer} formatTick={formatTick}
            valueAxisLabel={props.valueAxisLabel} categoryAxisLabel={props.categoryAxisLabel}
            columns={props.bars.map((bar) => ({ key: bar.key, label: bar.label, description: `${bar.label}: ${bar.valueText}`, segments: [{ tone: 'primary', value: bar.value }] }))}
          />
        )}
    </ChartFigure>
  );
}

/** Horizontal bars, one row each: name, bar (its length against the largest), value. */
function BarRows(props: { bars: Bar[]; rtl: boolean; label: string; valueAxisLabel: string; categoryAxisLabel: string }) {
  const max = Math.max(...props.bars.map((bar) => bar.value), 0);
  return (
    <div className="chart-rows" role="group" aria-label={props.label}>
      <div className="chart-row chart-row-head" aria-hidden="true">
        <span className="chart-row-label">{props.categoryAxisLabel}</span>
        <span className="chart-row-value">{props.valueAxisLabel}</span>
      </div>
      {props.bars.map((bar) => {
        const length = max > 0 ? Math.max(0, (bar.value / max) * 100) : 0;
        return (
          <div key={bar.key} className="chart-row">
            <span className="chart-row-label" aria-hidden="true">{bar.label}</span>
            <svg className="chart-row-bar" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label={`${bar.label}: ${bar.valueText}`} data-value={bar.value}>
              <title>{`${bar.label}: ${bar.valueText}`}</title>
              <rect className="chart-track" x={0} y={0} width={100} height={10} />
              <rect className="chart-bar chart-tone-primary" x={props.rtl ? 100 - length : 0} y={0} width={length} height={10} />
            </svg>
            <span className="chart-row-value" aria-hidden="true">{bar.valueText}</span>
          </div>
        );
      })}
    </div>
  );
}
