import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { trackLanding, withoutTrackedParameters } from './tracking.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => { items.set(key, value); } };
}

describe('tracking (SPEC §7, §9)', () => {
  it('keeps the tracked parameters and reports utm_source once, with an empty payload', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    const api = createApiClient({
      baseUrl: '/api', getToken: () => null, getLocale: () => 'he-IL',
      fetch: (async (url: string, init: RequestInit) => { calls.push({ url, method: init.method!, body: init.body }); return new Response(null, { status: 204 }); }) as unknown as typeof fetch,
    });
    const storage = memoryStorage();
    expect(await trackLanding('?utm_source=news%20letter&utm_medium=mail&q=1', api, storage)).toBe(true);
    expect(calls).toEqual([{ url: '/api/tracking/source/hit/news%20letter', method: 'POST', body: '{}' }]);
    expect(JSON.parse(storage.getItem('tracking')!)).toEqual({ utm_source: 'news letter', utm_medium: 'mail' });
    expect(await trackLanding('?gclid=g1', api, storage)).toBe(false);
    expect(JSON.parse(storage.getItem('tracking')!)).toEqual({ utm_source: 'news letter', utm_medium: 'mail', gclid: 'g1' });
    expect(calls).toHaveLength(1);
  });

  it('strips the tracked parameters from a query used in links', () => {
    expect(withoutTrackedParameters('?text=a&utm_source=x&gad=1&fblid=2&utm_term=t&utm_content=c&utm_campaign=k&utm_medium=m&gclid=g')).toBe('?text=a');
    expect(withoutTrackedParameters('?utm_source=x')).toBe('');
  });
});
