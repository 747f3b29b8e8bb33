import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, CHUNK_TIMEOUT_MS, ChunkError, chunkUrlOf, loadChunk, shouldReloadOnce } from './chunk-recovery.ts';

// SPEC §8 module errors: a missing chunk is a not-found error, one that does not arrive a load error,
// one that takes 120 s a timeout; a stale tab loads the page afresh once, then shows the error.
const importFailure = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);
const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => { items.set(key, value); } };
};

afterEach(() => { vi.useRealTimers(); });

describe('loading a code chunk', () => {
  it('answers the module when it comes', async () => {
    expect(await loadChunk(async () => ({ routes: [1] }))).toEqual({ routes: [1] });
  });

  it('names a chunk the server no longer has not-found, and one that did not arrive a load error', async () => {
    const url = 'http://localhost/assets/chunk.ABC123.js';
    const gone = await loadChunk(() => Promise.reject(importFailure(url)), { probe: async () => 404 }).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(ChunkError);
    expect(gone).toMatchObject({ kind: 'not-found', chunkUrl: url });
    const flaky = await loadChunk(() => Promise.reject(importFailure(url)), { probe: async () => 200 }).catch((error: unknown) => error);
    expect(flaky).toMatchObject({ kind: 'load', chunkUrl: url });
    const offline = await loadChunk(() => Promise.reject(importFailure(url)), { probe: async () => null }).catch((error: unknown) => error);
    expect(offline).toMatchObject({ kind: 'load' });
  });

  it('gives up on a chunk after 120 seconds', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => {})).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => { settled = true; });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'timeout' });
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it("reads the chunk's address from the browsers' import errors", () => {
    expect(chunkUrlOf(importFailure('https://habama.example/assets/chunk.X1.js'))).toBe('https://habama.example/assets/chunk.X1.js');
    expect(chunkUrlOf(new TypeError('error loading dynamically imported module: http://h/assets/chunk.Y.js'))).toBe('http://h/assets/chunk.Y.js');
    expect(chunkUrlOf(new Error('no address'))).toBeNull();
  });
});

describe('a stale tab', () => {
  it('loads a page afresh once, then not again within a minute; another page or a later failure may', () => {
    const storage = memoryStorage();
    const start = 1_000_000;
    expect(shouldReloadOnce('/user/dashboard/profile', storage, start)).toBe(true);
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_KEY)!)).toEqual({ path: '/user/dashboard/profile', at: start });
    expect(shouldReloadOnce('/user/dashboard/profile', storage, start + 5_000)).toBe(false);
    expect(shouldReloadOnce('/admin', storage, start + 6_000)).toBe(true);
    expect(shouldReloadOnce('/admin', storage, start + 6_000 + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
  });

  it('does not reload when the tab cannot remember it did (a loop is worse than the error)', () => {
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(shouldReloadOnce('/admin', full)).toBe(false);
  });
});
