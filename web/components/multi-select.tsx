import { useId, useState } from 'react';
import { FieldError } from './field-error.tsx';

// A multi-select of SPEC §3 (tags, languages, geo locations) as a list of checkboxes. With
// `filter`, a text box narrows a long list by name, and the chosen options stay visible above it as
// chips that can be removed, so nothing chosen hides behind the filter.
export interface MultiSelectOption { value: string; label: string; /** Extra words the filter matches (e.g. the name in the other language). */ keywords?: string }

export interface MultiSelectProps {
  /** Names the checkboxes (`name`) and test ids (`choices-<name>`, `choice-<name>-<value>`). */
  name: string;
  legend: string;
  options: MultiSelectOption[];
  selected: string[];
  onChange: (selected: string[]) => void;
  required?: boolean;
  hint?: string;
  error?: string | null;
  /** Shown when there is nothing to choose from. */
  emptyText: string;
  /** Turns on the filter box and the chips of chosen options. */
  filter?: { label: string; noMatch: (text: string) => string; removeLabel: (option: string) => string };
}

const folded = (text: string) => text.toLocaleLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

export function MultiSelect(props: MultiSelectProps) {
  const id = useId();
  const [text, setText] = useState('');
  const chosen = new Set(props.selected);
  const toggle = (value: string, on: boolean) => props.onChange(on ? [...props.selected, value] : props.selected.filter((item) => item !== value));
  const needle = folded(text.trim());
  const visible = props.filter && needle
    ? props.options.filter((option) => folded(`${option.label} ${option.keywords ?? ''}`).includes(needle))
    : props.options;
  const byValue = new Map(props.options.map((option) => [option.value, option]));
  const describedBy = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`field multi-select${props.filter ? ' multi-select-filtered' : ''}`} data-testid={`choices-${props.name}`} aria-describedby={describedBy}
      aria-invalid={props.error ? true : undefined}>
      <legend>{props.legend}{props.required ? <span aria-hidden="true"> *</span> : null}</legend>
      {props.hint ? <small id={`${id}-hint`}>{props.hint}</small> : null}
      {props.options.length === 0 ? <p className="empty">{props.emptyText}</p> : null}
      {props.filter && props.selected.length > 0 ? (
        <ul className="chosen-chips">
          {props.selected.map((value) => {
            const label = byValue.get(value)?.label ?? value;
            return (
              <li key={value}>
                <button type="button" className="chosen-chip" onClick={() => toggle(value, false)} aria-label={props.filter!.removeLabel(label)}>
                  {label} <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {props.filter && props.options.length > 0 ? (
        <input type="search" className="multi-select-filter" value={text} onChange={(event) => setText(event.target.value)} aria-label={props.filter.label}
          placeholder={props.filter.label} data-testid={`filter-${props.name}`} />
      ) : null}
      {props.filter && needle && visible.length === 0 ? <p className="muted">{props.filter.noMatch(text.trim())}</p> : null}
      {visible.length > 0 ? (
        <div className="checks multi-select-options">
          {visible.map((option) => (
            <label key={option.value}>
              <input type="checkbox" name={props.name} value={option.value} checked={chosen.has(option.value)} onChange={(event) => toggle(option.value, event.target.checked)}
                data-testid={`choice-${props.name}-${option.value}`} />
              {' '}{option.label}
            </label>
          ))}
        </div>
      ) : null}
      <FieldError id={`${id}-error`} message={props.error} />
    </fieldset>
  );
}
