import type { ApiClient } from '../api/client.ts';

// The views apply a write, or the event behind a pushed notification, a moment after it happened.
// A read that must show it retries a few times with a growing pause, then gives up quietly (the next
// push or visit shows it anyway).
export interface UntilOptions {
  attempts?: number;
  firstDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After a write: asks (skipping the API client's GET cache) until `shows()` answers true; answers
 * whether it did. Screens call this before reloading their data, so the reload shows the write.
 */
export async function untilViewShows(api: ApiClient, shows: () => Promise<boolean>, options: UntilOptions = {}): Promise<boolean> {
  const shown = await untilViewsShow(() => { api.clearCache(); return shows(); }, (value) => value, options);
  return shown === true;
}

/** Reads until `shows(value)` holds; answers the last value read either way (null when every read failed). */
export async function untilViewsShow<T>(read: () => Promise<T>, shows: (value: T) => boolean, options: UntilOptions = {}): Promise<T | null> {
  const attempts = options.attempts ?? 8;
  const sleep = options.sleep ?? pause;
  let delay = options.firstDelayMs ?? 100;
  let last: T | null = null;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      last = await read();
      if (shows(last)) return last;
    } catch {
      // A failed background read is retried like a stale one.
    }
    if (attempt < attempts) {
      await sleep(delay);
      delay = Math.min(delay * 2, 1_500);
    }
  }
  return last;
}
