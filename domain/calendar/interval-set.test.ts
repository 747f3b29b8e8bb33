import { describe, expect, it } from 'vitest';
import type { Interval } from './availability.ts';
import { IntervalSet } from './interval-set.ts';
import { seededIntegers } from '../../test/seeded-random.ts';

const H = (hour: number) => new Date(Date.UTC(2027, 0, 1) + hour * 3_600_000).toISOString();
const at = (start: number, end: number): Interval => ({ start: H(start), end: H(end) });

/** What the set must answer, computed the obvious way: every entry compared, earliest start (then id) first. */
function bruteOverlap(model: Map<string, Interval>, interval: Interval, ignoreId?: string): string | undefined {
  const start = Date.parse(interval.start);
  const end = Date.parse(interval.end);
  const hits = [...model].filter(([id, entry]) => id !== ignoreId && Date.parse(entry.start) < end && start < Date.parse(entry.end));
  hits.sort(([a, x], [b, y]) => Date.parse(x.start) - Date.parse(y.start) || (a < b ? -1 : a > b ? 1 : 0));
  return hits[0]?.[0];
}

describe('IntervalSet', () => {
  it('overlaps are half-open: touching intervals do not overlap', () => {
    const set = IntervalSet.of([['a', at(10, 12)]]);
    expect(set.firstOverlap(at(12, 13))).toBeUndefined();
    expect(set.firstOverlap(at(8, 10))).toBeUndefined();
    expect(set.firstOverlap(at(11, 11.5))).toBe('a');
    expect(set.firstOverlap(at(9, 13))).toBe('a');
    expect(set.firstOverlap(at(9, 13), 'a')).toBeUndefined();
  });

  it('is persistent: a change answers a new set and leaves the old one as it was', () => {
    const one = IntervalSet.of([['a', at(10, 12)]]);
    const two = one.set('b', at(14, 15));
    const moved = two.set('a', at(20, 21));
    const gone = moved.remove('b');
    expect([one.size, two.size, moved.size, gone.size]).toEqual([1, 2, 2, 1]);
    expect(one.firstOverlap(at(14, 15))).toBeUndefined();
    expect(two.firstOverlap(at(14, 15))).toBe('b');
    expect(two.firstOverlap(at(10, 11))).toBe('a');
    expect(moved.firstOverlap(at(10, 11))).toBeUndefined();
    expect(moved.get('a')).toEqual(at(20, 21));
    expect(gone.has('b')).toBe(false);
    expect(gone.remove('nothing')).toBe(gone);
  });

  it('lists entries by start and shows in JSON as a plain record', () => {
    const set = IntervalSet.of([['late', at(20, 21)], ['early', at(1, 2)], ['mid', at(5, 30)]]);
    expect([...set.entries()].map(([id]) => id)).toEqual(['early', 'mid', 'late']);
    expect([...set.ids()].sort()).toEqual(['early', 'late', 'mid']);
    expect(JSON.parse(JSON.stringify({ windows: set }))).toEqual({ windows: { early: at(1, 2), mid: at(5, 30), late: at(20, 21) } });
  });

  it('an entry without valid times is kept but overlaps nothing', () => {
    const set = IntervalSet.of([['bad', { start: 'x', end: 'y' }], ['ok', at(1, 2)]]);
    expect(set.has('bad')).toBe(true);
    expect(set.firstOverlap(at(0, 100))).toBe('ok');
    expect(set.remove('bad').size).toBe(1);
  });

  it('answers what comparing every entry answers, through thousands of random changes (overlapping entries, long ones, ids reused)', () => {
    const next = seededIntegers(11);
    const model = new Map<string, Interval>();
    let set = IntervalSet.empty<Interval>();
    const history: Array<[IntervalSet<Interval>, Map<string, Interval>]> = [];
    for (let i = 0; i < 3_000; i++) {
      const id = `e-${next(300)}`;
      if (next(4) === 0) {
        set = set.remove(id);
        model.delete(id);
      } else {
        const start = next(2_000);
        const entry = at(start, start + 1 + (next(20) === 0 ? next(500) : next(6)));
        set = set.set(id, entry);
        model.set(id, entry);
      }
      if (i % 500 === 0) history.push([set, new Map(model)]);
      const queryStart = next(2_100) - 50;
      const query = at(queryStart, queryStart + 1 + next(10));
      const ignore = next(3) === 0 ? `e-${next(300)}` : undefined;
      expect(set.firstOverlap(query, ignore)).toBe(bruteOverlap(model, query, ignore));
      expect(set.size).toBe(model.size);
    }
    for (const [old, oldModel] of history) {
      expect(Object.keys(old.toJSON()).sort()).toEqual([...oldModel.keys()].sort());
      for (let q = 0; q < 50; q++) {
        const query = at(q * 40, q * 40 + 3);
        expect(old.firstOverlap(query)).toBe(bruteOverlap(oldModel, query));
      }
    }
  });
});
