import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { Pager } from './pager.tsx';

/** One column of an admin list: its header (also each cell's label on narrow screens) and its cell. */
export interface AdminColumn<Row> {
  id: string;
  header: string;
  /** Read by screen readers only (an actions column). */
  hiddenHeader?: boolean;
  className?: string;
  cell: (row: Row) => ReactNode;
}

export interface AdminTableProps<Row> {
  columns: AdminColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Attributes of each row (test ids, data-*). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  testId?: string;
  /** The table's look: content-table unless the list has one of its own (with tracking-table: bars). */
  className?: string;
  /** A wide list scrolls sideways between the narrow layout and the desktop instead of squeezing its columns. */
  scrolls?: boolean;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** The server pages the list: the pager under the table keeps the query. */
  paging?: { page: number; pageSize: number; total: number };
}

// The admin lists' one table: the first column heads its row (th scope=row), every cell carries its
// column's header as data-label so the narrow-screen stylesheet (admin-content.css) can stack the row
// as label/value pairs; text-align is logical (start), so Hebrew reads right to left unchanged.
export function AdminTable<Row>(props: AdminTableProps<Row>) {
  const { columns, rows } = props;
  const table = (
    <table className={props.className ?? 'content-table'} data-testid={props.testId}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.id} scope="col">{column.hiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
            {columns.map((column, index) => index === 0
              ? <th key={column.id} scope="row" data-label={column.header} className={column.className}>{column.cell(row)}</th>
              : <td key={column.id} data-label={column.hiddenHeader ? undefined : column.header} className={column.className}>{column.cell(row)}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <>
      {rows.length === 0 ? props.empty : props.scrolls ? <div className="admin-table-wrap">{table}</div> : table}
      {props.paging ? <Pager {...props.paging} /> : null}
    </>
  );
}

/** The empty state of an admin list: the list's own words, or "nothing matches" (the list's or the common words) when filtered. */
export function AdminEmpty(props: { filtered?: boolean; message: string; noMatch?: string; testId?: string }) {
  const { t } = useTranslation();
  return <p className="empty" data-testid={props.testId}>{props.filtered ? props.noMatch ?? t('adminContent.list.noMatch') : props.message}</p>;
}
