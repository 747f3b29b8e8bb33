import type { ReactNode } from 'react';

// The fields of a list's filter bar (a GET form, so filters work without scripts and stay in the
// address): the label wraps its control, so no ids are needed to tie them together.

/** A labelled filter control; `grow` lets it take the bar's spare width (a search box). */
export function FilterField(props: { label: string; grow?: boolean; children: ReactNode }) {
  return (
    <label className={props.grow ? 'field admin-filter-grow' : 'field'}>
      <span>{props.label}</span>
      {props.children}
    </label>
  );
}

/** A filter chosen from a list; its first option is usually "any" (value ""). */
export function FilterSelect(props: {
  label: string; name: string; value: string; options: { value: string; label: string }[]; grow?: boolean; testId?: string;
}) {
  return (
    <FilterField label={props.label} grow={props.grow}>
      <select name={props.name} defaultValue={props.value} data-testid={props.testId}>
        {props.options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
    </FilterField>
  );
}
