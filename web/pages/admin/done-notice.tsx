import { useLayoutEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { publishToast } from '../../app/toasts.tsx';

// What an admin write did, told by the page it redirects to (`?done=saved&done.name=…`, see
// admin-action.ts): the notice shows with or without JavaScript, and the parameters leave the
// address once shown, so a reload or a shared link does not announce it again.
export const DONE_PARAM = 'done';

export interface Done { what: string; details: Record<string, string> }

/** The `done` of this address, or null. */
export function useDone(): Done | null {
  const [searchParams] = useSearchParams();
  const what = searchParams.get(DONE_PARAM);
  if (!what) return null;
  const details: Record<string, string> = {};
  for (const [name, value] of searchParams) if (name.startsWith(`${DONE_PARAM}.`)) details[name.slice(DONE_PARAM.length + 1)] = value;
  return { what, details };
}

/**
 * The success notice of a write: inline (role status) when the page is served without scripts; with
 * `toast` and scripts running, a toast instead. Either way the `done` parameters leave the address bar.
 */
export function DoneNotice(props: { message: string | null; testId: string; toast?: boolean }) {
  const location = useLocation();
  const [toasted, setToasted] = useState(false);
  useLayoutEffect(() => {
    if (!props.message) return;
    if (props.toast) {
      publishToast({ kind: 'success', messageKey: 'admin.done', text: props.message });
      setToasted(true);
    }
    const url = new URL(window.location.href);
    for (const name of [...url.searchParams.keys()]) if (name === DONE_PARAM || name.startsWith(`${DONE_PARAM}.`)) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, [location.key]);
  if (!props.message || toasted) return null;
  return <p className="notice notice-success" role="status" data-testid={props.testId}>{props.message}</p>;
}

