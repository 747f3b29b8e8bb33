import { ApiError } from '../api/api-error.ts';
import { revivedError } from '../app/form-action.ts';

// Per-field messages of a form: the failing fields of a 422 problem+json (`errors[].field`, dotted
// paths like `details.name.he`) keyed by the form's own field names, and the small message shown
// under a field. Inputs point at the message with aria-describedby so screen readers read it.
export type FieldErrors = Record<string, string>;

/** The 422's fields (of an ApiError or an action's failure), with `prefix.` removed (e.g. `details.`), so `details.introText` → `introText`. */
export function fieldErrorsOf(failure: unknown, prefix = ''): FieldErrors {
  const error = revivedError(failure);
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const errors: FieldErrors = {};
  for (const item of error.problem.errors ?? []) {
    const field = prefix && item.field.startsWith(`${prefix}.`) ? item.field.slice(prefix.length + 1) : item.field;
    errors[field] ??= item.message;
  }
  return errors;
}

/** The message for a field or any of its parts (`name` also matches `name.he`), else null. */
export function errorAt(errors: FieldErrors, field: string): string | null {
  if (errors[field]) return errors[field];
  const nested = Object.keys(errors).find((key) => key.startsWith(`${field}.`));
  return nested ? errors[nested]! : null;
}

export function FieldError(props: { id: string; message: string | null | undefined }) {
  if (!props.message) return null;
  return <small className="field-error" id={props.id} data-testid="field-error">{props.message}</small>;
}
