import { describe, expect, it } from 'vitest';
import { LeastRecentlyUsed } from './least-recently-used.ts';

describe('LeastRecentlyUsed', () => {
  it('lets the least recently set go once more than its capacity are held', () => {
    const kept = new LeastRecentlyUsed<string, number>(2);
    kept.set('a', 1).set('b', 2).set('c', 3);
    expect([kept.has('a'), kept.peek('b'), kept.peek('c'), kept.size]).toEqual([false, 2, 3, 2]);
  });

  it('counts a get as a use, and a peek not', () => {
    const kept = new LeastRecentlyUsed<string, number>(2);
    kept.set('a', 1).set('b', 2);
    expect(kept.get('a')).toBe(1);
    kept.set('c', 3); // b was the least recently used
    expect([kept.has('a'), kept.has('b')]).toEqual([true, false]);
    expect(kept.peek('a')).toBe(1);
    kept.set('d', 4); // a was only peeked at since c: it goes
    expect([kept.has('a'), kept.has('c'), kept.has('d')]).toEqual([false, true, true]);
  });

  it('setting a held key again replaces its value and makes it the most recent, without letting another go', () => {
    const kept = new LeastRecentlyUsed<string, number>(2);
    kept.set('a', 1).set('b', 2).set('a', 10);
    expect(kept.size).toBe(2);
    kept.set('c', 3);
    expect([kept.peek('a'), kept.has('b')]).toEqual([10, false]);
  });

  it('holds undefined as a value that is there', () => {
    const kept = new LeastRecentlyUsed<string, undefined | number>(2);
    kept.set('a', undefined).set('b', 2);
    expect(kept.get('a')).toBeUndefined(); // a is now the most recent
    kept.set('c', 3);
    expect([kept.has('a'), kept.has('b')]).toEqual([true, false]);
  });

  it('forgets on delete and clear, and refuses a capacity below one', () => {
    const kept = new LeastRecentlyUsed<string, number>(3);
    kept.set('a', 1).set('b', 2);
    expect(kept.delete('a')).toBe(true);
    expect(kept.delete('a')).toBe(false);
    kept.clear();
    expect(kept.size).toBe(0);
    expect(() => new LeastRecentlyUsed(0)).toThrow(RangeError);
    expect(() => new LeastRecentlyUsed(Number.NaN)).toThrow(RangeError);
  });
});
