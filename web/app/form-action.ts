import { data, useActionData, useNavigation } from 'react-router';
import { ApiError, type ApiProblem } from '../api/api-error.ts';

// Web mutations are route actions, so forms work without JavaScript: a page's <Form method="post"> posts to the
// page's own route — through the client router when JavaScript runs, as a plain form post handled by
// the server pass when it does not (web/server.ts hands non-GET page requests to the static handler).
// Actions write through environmentOf(context).api, so the server uses the visitor's cookie token.
// A refusal is plain data (the API's status and problem+json), so the server pass can hand it to the
// browser like loader data and <FormError>/fieldErrorsOf show it either way.

/** The API's refusal of a form's write. `intent` names the form when a page has several. */
export interface ActionFailure { intent: string; status: number; problem: ApiProblem }

/** The field that names which of a page's forms was posted. */
export const INTENT_FIELD = 'intent';

export function isActionFailure(value: unknown): value is ActionFailure {
  return typeof value === 'object' && value !== null && typeof (value as ActionFailure).status === 'number'
    && typeof (value as ActionFailure).problem === 'object' && typeof (value as ActionFailure).intent === 'string';
}

/** An API error or an action's failure as the ApiError the form components read; anything else as is. */
export function revivedError(error: unknown): unknown {
  return isActionFailure(error) ? new ApiError(error.status, error.problem) : error;
}

/**
 * The answer of an action whose write the API refused: `{ failure }` with the API's status (a 422
 * page without JavaScript), and `values`, the typed fields to show again (without JavaScript the
 * page is rendered anew). Anything but an API error is thrown on, to the route's error page.
 */
export function refused<Values extends object = Record<string, string>>(error: unknown, intent = '', values: Values = {} as Values) {
  if (!(error instanceof ApiError)) throw error;
  const failure: ActionFailure = { intent, status: error.status, problem: error.problem };
  // Status 0 (no answer from the API) is not an HTTP status: the page says the service is unavailable.
  return data({ intent, failure, values }, { status: error.status >= 400 && error.status < 600 ? error.status : 503 });
}

/** The named fields as typed, to fill a form again after a refusal (never a password or a card number). */
export function typedValues(form: FormData, ...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? '')]));
}

/** What this form's last refused post had typed (see `refused`), for the fields' default values. */
export function useTypedValues(intent = ''): Record<string, string> {
  return useActionAnswer<{ intent?: string; values?: Record<string, string> }>(intent)?.values ?? {};
}

/** A form field as trimmed text ('' when absent). */
export const textOf = (form: FormData, name: string): string => String(form.get(name) ?? '').trim();

/** The last action's failure when it came from this form (`intent`), else null. */
export function useActionFailure(intent = ''): ActionFailure | null {
  const answer = useActionData() as { failure?: unknown } | undefined;
  const failure = answer?.failure;
  return isActionFailure(failure) && failure.intent === intent ? failure : null;
}

/** The last action's answer when it came from this form (`intent` field of the answer), else undefined. */
export function useActionAnswer<T extends { intent?: string }>(intent = ''): T | undefined {
  const answer = useActionData() as T | undefined;
  return answer && (answer.intent ?? '') === intent ? answer : undefined;
}

/**
 * The answer of this form's last post once the page's data was read again after it. react-router
 * hands out the action's answer as soon as the action ends, while the loaders still run: a "saved"
 * notice (or a form that closes on it) would show beside the data from before the write.
 */
export function useSettledAnswer<T extends { intent?: string }>(intent = ''): T | undefined {
  const answer = useActionAnswer<T>(intent);
  return useNavigation().state === 'idle' ? answer : undefined;
}

/** True while this page's form (`intent`) is being posted and the page reloads its data after it. */
export function useSubmitting(intent = ''): boolean {
  const navigation = useNavigation();
  if (navigation.state === 'idle' || !navigation.formData) return false;
  return String(navigation.formData.get(INTENT_FIELD) ?? '') === intent;
}
