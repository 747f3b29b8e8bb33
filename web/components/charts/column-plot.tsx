import { labelEvery, niceScale } from './chart-scale.ts';

// Vertical columns drawn as inline SVG, with the axes in HTML around it: the SVG scales to any width
// (viewBox with preserveAspectRatio none, strokes kept thin), while tick and category labels stay
// text at the page's size, so the chart reads the same at 300 px and on a desktop. Columns run in
// reading order: left to right in English, right to left in Hebrew, with the value axis on the
// reading side (the CSS grid and flex rows follow the page's direction; the SVG is mirrored to match).
export interface Column {
  key: string;
  /** Text under the column (every n-th shows when there are many). */
  label: string;
  /** What a screen reader and the tooltip say about the column. */
  description: string;
  segments: Array<{ tone: string; value: number }>;
}

const SLOT = 10;

export function ColumnPlot(props: {
  columns: Column[];
  rtl: boolean;
  formatTick: (value: number) => string;
  valueAxisLabel: string;
  categoryAxisLabel: string;
  /** The accessible name of the drawing (the chart's title). */
  label: string;
  integer?: boolean;
  maxLabels?: number;
}) {
  const { columns, rtl } = props;
  const totals = columns.map((column) => column.segments.reduce((sum, segment) => sum + segment.value, 0));
  const scale = niceScale(Math.max(0, ...totals), { integer: props.integer });
  const width = Math.max(1, columns.length) * SLOT;
  const every = labelEvery(columns.length, props.maxLabels ?? 8);
  const y = (value: number) => 100 - (value / scale.top) * 100;
  const tickTexts = scale.ticks.map(props.formatTick);
  return (
    <div className="chart-columns">
      <p className="chart-axis-title chart-axis-title-value" aria-hidden="true">{props.valueAxisLabel}</p>
      <div className="chart-value-axis" aria-hidden="true">
        {/* The widest tick, unseen, gives the axis its width (the ticks themselves are positioned). */}
        <span className="chart-value-axis-sizer">{tickTexts.reduce((widest, text) => (text.length > widest.length ? text : widest), '')}</span>
        {scale.ticks.map((tick, index) => <span key={tick} style={{ insetBlockEnd: `${(tick / scale.top) * 100}%` }}>{tickTexts[index]}</span>)}
      </div>
      <svg className="chart-plot" viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" role="group" aria-label={props.label}>
        {scale.ticks.map((tick) => (
          <line key={tick} className={tick === 0 ? 'chart-baseline' : 'chart-grid'} x1={0} x2={width} y1={y(tick)} y2={y(tick)} vectorEffect="non-scaling-stroke" />
        ))}
        {columns.map((column, index) => {
          const x = (rtl ? columns.length - 1 - index : index) * SLOT + SLOT * 0.15;
          let base = 0;
          return (
            <g key={column.key} role="img" aria-label={column.description} className="chart-column" data-value={totals[index]}>
              <title>{column.description}</title>
              {/* The whole slot answers the pointer, so a short column still shows its tooltip. */}
              <rect className="chart-hit" x={x - SLOT * 0.15} y={0} width={SLOT} height={100} />
              {column.segments.map((segment, segmentIndex) => {
                if (segment.value <= 0) return null;
                const top = y(base + segment.value);
                const height = y(base) - top;
                base += segment.value;
                return <rect key={segmentIndex} className={`chart-bar chart-tone-${segment.tone}`} x={x} y={top} width={SLOT * 0.7} height={height} />;
              })}
            </g>
          );
        })}
      </svg>
      {/* A few columns (a histogram) get every label, wrapped in its column; many get every n-th, on one line. */}
      <div className={`chart-category-axis${every === 1 ? ' chart-category-axis-wrap' : ''}`} aria-hidden="true" style={{ gridTemplateColumns: `repeat(${Math.max(1, columns.length)}, minmax(0, 1fr))` }}>
        {columns.map((column, index) => (
          // Every other shown label is "minor": narrow screens hide those (web/styles/charts.css).
          <span key={column.key} className={index % (every * 2) === 0 ? undefined : 'chart-label-minor'}>{index % every === 0 ? column.label : ''}</span>
        ))}
      </div>
      <p className="chart-axis-title chart-axis-title-category" aria-hidden="true">{props.categoryAxisLabel}</p>
    </div>
  );
}
