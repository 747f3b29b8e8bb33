import type { HTMLAttributes, ReactNode } from 'react';
import { Pager } from './pager.tsx';

/** What one card of an admin list shows. */
export interface AdminCard {
  /** Before the text: a picture or an avatar. */
  figure?: ReactNode;
  /** The card's heading (h2), usually the link to the row's page. */
  title: ReactNode;
  /** Small facts on one wrapping line: badges, counts, dates. */
  meta?: ReactNode;
  /** A line of description; its direction follows its own text (names and intros are written in either language). */
  intro?: ReactNode;
  /** Beside the text on wide screens, under it on narrow ones. */
  actions?: ReactNode;
}

export interface AdminCardListProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  card: (row: Row) => AdminCard;
  /** Attributes of each card (test ids, data-*). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLLIElement> & Record<`data-${string}`, string | undefined>;
  /** The list's accessible name. */
  label?: string;
  /** More classes beside admin-list. */
  className?: string;
  testId?: string;
  /** Shown instead of the list when there are no rows. */
  empty?: ReactNode;
  /** The server pages the list: the pager under it keeps the query. */
  paging?: { page: number; pageSize: number; total: number };
}

// The admin lists whose rows are things with a name and a face (artists, services, users, entity
// types): a card a row, its heading an h2 so the page's outline lists them. The table (admin-table.tsx)
// is for rows of facts in columns.
export function AdminCardList<Row>(props: AdminCardListProps<Row>) {
  return (
    <>
      {props.rows.length === 0 ? props.empty : (
        <ul className={props.className ? `admin-list ${props.className}` : 'admin-list'} aria-label={props.label} data-testid={props.testId}>
          {props.rows.map((row) => {
            const card = props.card(row);
            return (
              <li key={props.rowKey(row)} className="card admin-row" {...props.rowProps?.(row)}>
                {card.figure}
                <div className="admin-row-main">
                  <h2 className="admin-row-title">{card.title}</h2>
                  {card.meta ? <p className="admin-row-meta">{card.meta}</p> : null}
                  {card.intro !== undefined ? <p className="admin-row-intro muted" dir="auto">{card.intro}</p> : null}
                </div>
                {card.actions ? <div className="admin-row-actions">{card.actions}</div> : null}
              </li>
            );
          })}
        </ul>
      )}
      {props.paging ? <Pager {...props.paging} /> : null}
    </>
  );
}
