import type { ApiClient } from '../api/client.ts';

// SPEC §9 tracked URL parameters. They are kept for the visit (sessionStorage) and never added to
// links; utm_source is the source key and is reported once per landing, from the browser only
// (SPEC §7: skipped on the server pass).
export const TRACKED_PARAMETERS = ['gad', 'gclid', 'fblid', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const SOURCE_PARAMETER = 'utm_source';
const STORAGE_KEY = 'tracking';

/** A query string without the tracked parameters, `?`-prefixed when anything is left. */
export function withoutTrackedParameters(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of TRACKED_PARAMETERS) params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function trackedParametersOf(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const found: Record<string, string> = {};
  for (const name of TRACKED_PARAMETERS) {
    const value = params.get(name);
    if (value) found[name] = value.slice(0, 200);
  }
  return found;
}

export function storedTrackedParameters(storage: Pick<Storage, 'getItem'>): Record<string, string> {
  try { return JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string>; } catch { return {}; }
}

/** Keeps the parameters of this landing and reports the source hit; answers whether a hit was sent. */
export async function trackLanding(search: string, api: ApiClient, storage: Pick<Storage, 'getItem' | 'setItem'>): Promise<boolean> {
  const found = trackedParametersOf(search);
  if (Object.keys(found).length === 0) return false;
  storage.setItem(STORAGE_KEY, JSON.stringify({ ...storedTrackedParameters(storage), ...found }));
  const source = found[SOURCE_PARAMETER];
  if (!source) return false;
  await api.post(`tracking/source/hit/${encodeURIComponent(source)}`, {}, { silent: true }).catch(() => undefined);
  return true;
}
