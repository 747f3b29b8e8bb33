import { describe, expect, it } from 'vitest';
import { coalescedFetch } from './coalesced-fetch.ts';

/** A fetch whose rounds the test ends by hand; each round answers its number. */
function manualFetch() {
  const rounds: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
  const fetch = () => new Promise<number>((resolve, reject) => {
    const round = rounds.length + 1;
    rounds.push({ resolve: () => resolve(round), reject });
  });
  return { fetch, rounds };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedFetch', () => {
  it('fetches once for a caller alone, and again for the next caller', async () => {
    const { fetch, rounds } = manualFetch();
    const get = coalescedFetch(fetch);
    const first = get();
    rounds[0]!.resolve(0);
    expect(await first).toBe(1);
    const second = get();
    await settle();
    expect(rounds).toHaveLength(2);
    rounds[1]!.resolve(0);
    expect(await second).toBe(2);
  });

  it('gives callers who ask while a fetch runs one shared fetch that starts after it', async () => {
    const { fetch, rounds } = manualFetch();
    const get = coalescedFetch(fetch);
    const first = get();
    const waiting = [get(), get(), get()];
    await settle();
    // The running fetch may have begun before they asked: they do not take its answer.
    expect(rounds).toHaveLength(1);
    rounds[0]!.resolve(0);
    expect(await first).toBe(1);
    await settle();
    expect(rounds).toHaveLength(2);
    // A caller arriving while the second runs waits for a third.
    const late = get();
    rounds[1]!.resolve(0);
    expect(await Promise.all(waiting)).toEqual([2, 2, 2]);
    await settle();
    expect(rounds).toHaveLength(3);
    rounds[2]!.resolve(0);
    expect(await late).toBe(3);
  });

  it('starts the next fetch after a failed one, and gives each caller its own fetch\'s failure', async () => {
    const { fetch, rounds } = manualFetch();
    const get = coalescedFetch(fetch);
    const first = get();
    const second = get();
    rounds[0]!.reject(new Error('broker away'));
    await expect(first).rejects.toThrow('broker away');
    await settle();
    rounds[1]!.resolve(0);
    expect(await second).toBe(2);
  });
});
