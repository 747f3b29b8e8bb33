import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { ActionName } from './action-name.tsx';

// A repeatable list of rows (SPEC §3 "repeatable list": images, audio, videos, general info,
// additional information): the caller renders each row's inputs, the list adds and removes rows.
// Rows keep a stable key while others are removed, so focus and input state stay with their row.
export interface RepeatableListProps<T> {
  /** Names the list's test ids: rows `row-<name>`, buttons `add-<name>` and `remove-<name>`. */
  name: string;
  /** The list's heading (a legend). */
  legend: string;
  items: T[];
  onChange: (items: T[]) => void;
  /** A blank row for "add". */
  newItem: () => T;
  /** The inputs of one row; `update` replaces the row. */
  renderItem: (item: T, index: number, update: (item: T) => void) => ReactNode;
  /** A row's name, e.g. "Video 2": its heading and its remove button's accessible name. */
  itemLabel: (index: number) => string;
  addLabel: string;
  /** Shown when there are no rows: what to do. */
  emptyText?: string;
  hint?: string;
  max?: number;
}

export function RepeatableList<T>(props: RepeatableListProps<T>) {
  const { t } = useTranslation();
  const keys = useRef<number[]>([]);
  const nextKey = useRef(0);
  // Items replaced from outside (a reload) get keys for the rows that have none yet.
  while (keys.current.length < props.items.length) keys.current.push(nextKey.current++);
  if (keys.current.length > props.items.length) keys.current = keys.current.slice(0, props.items.length);
  const full = props.max !== undefined && props.items.length >= props.max;

  const add = () => {
    keys.current = [...keys.current, nextKey.current++];
    props.onChange([...props.items, props.newItem()]);
  };
  const remove = (index: number) => {
    keys.current = keys.current.filter((_, position) => position !== index);
    props.onChange(props.items.filter((_, position) => position !== index));
  };
  const update = (index: number) => (item: T) => props.onChange(props.items.map((current, position) => (position === index ? item : current)));

  return (
    <fieldset className="field repeatable-list" data-testid={`list-${props.name}`}>
      <legend>{props.legend}</legend>
      {props.hint ? <small>{props.hint}</small> : null}
      {props.items.length === 0 && props.emptyText ? <p className="empty repeatable-empty">{props.emptyText}</p> : null}
      {props.items.length > 0 ? (
        <ol className="repeatable-rows">
          {props.items.map((item, index) => (
            <li key={keys.current[index]} className="repeatable-row" data-testid={`row-${props.name}`}>
              <div className="repeatable-row-head">
                <span className="repeatable-row-label">{props.itemLabel(index)}</span>
                <button type="button" className="button repeatable-remove"
                  onClick={() => remove(index)} data-testid={`remove-${props.name}`}>
                  <ActionName text={t('formControls.remove')} subject={props.itemLabel(index)} />
                </button>
              </div>
              <div className="repeatable-row-fields">{props.renderItem(item, index, update(index))}</div>
            </li>
          ))}
        </ol>
      ) : null}
      <div>
        <button type="button" className="button repeatable-add" onClick={add} disabled={full} data-testid={`add-${props.name}`}>+ {props.addLabel}</button>
      </div>
    </fieldset>
  );
}
