import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { environmentOf, type WebEnvironment } from '../../app/environment.ts';
import { INTENT_FIELD, textOf } from '../../app/form-action.ts';
import { requireAdmin } from '../../app/guards.ts';
import { localeOfRequest } from '../../app/loader-kit.ts';
import { localizedPath } from '../../app/locale-path.ts';
import { DONE_PARAM } from './done-notice.tsx';

// The admin screens' writes are route actions: a form posts to its page's route,
// with JavaScript through the client router and without it as a plain post the server pass runs.
// An action checks the admin, reads the form, writes through the API, waits until the views hold the
// write and redirects (303) to the page that shows it, with `?done=` saying what was done.

/** What an admin action gets: the environment (the guard passed: an admin by default), the posted form and its `intent`. */
export async function adminForm({ context, request }: ActionFunctionArgs, guard: (environment: WebEnvironment, request: Request) => Promise<unknown> = requireAdmin): Promise<{ environment: WebEnvironment; form: FormData; intent: string }> {
  const environment = environmentOf(context);
  await guard(environment, request);
  const form = await request.formData();
  return { environment, form, intent: textOf(form, INTENT_FIELD) };
}

/**
 * A redirect after a write to `path` (locale-free; it may carry a query) in the request's language,
 * with `done` (what was done) and its details as `done.<name>` parameters for the page's notice.
 */
export function doneRedirect(request: Request, path: string, done: string, details: Record<string, string> = {}) {
  const url = new URL(localizedPath(localeOfRequest(request), path), 'http://local');
  url.searchParams.set(DONE_PARAM, done);
  for (const [name, value] of Object.entries(details)) url.searchParams.set(`${DONE_PARAM}.${name}`, value);
  return redirect(`${url.pathname}${url.search}`, 303);
}

/** The answer of a form the page's own checks refused: the problems by field and what was typed, as a 422. */
export function invalidForm<P, V>(intent: string, problems: P, values: V) {
  return data({ intent, problems, values }, { status: 422 });
}
