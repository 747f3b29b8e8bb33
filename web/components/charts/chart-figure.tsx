import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

// The frame every chart shares: its heading and description, the drawing, a legend, and a button that
// shows the same numbers as a table (for screen readers, keyboards, and anyone who wants the figures).
export interface ChartTable {
  /** Header of the first column (the categories) and of each value column. */
  columns: string[];
  rows: Array<{ label: string; cells: string[] }>;
}

export function ChartFigure(props: {
  title: string;
  description?: ReactNode;
  /** Heading level of the title inside the page (default 2: a chart under the page's title). */
  headingLevel?: 2 | 3;
  table: ChartTable;
  legend?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  const id = useId();
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  return (
    <figure className="chart-figure card" aria-labelledby={`${id}-title`} data-testid={props.testId}>
      <Heading id={`${id}-title`} className="chart-title">{props.title}</Heading>
      {props.description ? <div className="chart-description muted">{props.description}</div> : null}
      {props.children}
      {props.legend}
      <button type="button" className="link-button chart-table-toggle" aria-expanded={showTable} aria-controls={`${id}-table`} onClick={() => setShowTable((shown) => !shown)}>
        {showTable ? t('charts.hideTable') : t('charts.showTable')}
      </button>
      <div id={`${id}-table`} className="chart-table-wrap" hidden={!showTable}>
        <table className="chart-table">
          <caption>{props.title}</caption>
          <thead>
            <tr>{props.table.columns.map((column, index) => <th key={index} scope="col">{column}</th>)}</tr>
          </thead>
          <tbody>
            {props.table.rows.map((row, index) => (
              <tr key={index}>
                <th scope="row">{row.label}</th>
                {row.cells.map((cell, cellIndex) => <td key={cellIndex}>{cell}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Colour swatches naming each series of a chart. */
export function ChartLegend(props: { series: Array<{ key: string; label: string; tone: string }> }) {
  return (
    <ul className="chart-legend">
      {props.series.map((series) => (
        <li key={series.key}><span className={`chart-swatch chart-tone-${series.tone}`} aria-hidden="true" />{series.label}</li>
      ))}
    </ul>
  );
}
