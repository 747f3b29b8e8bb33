import { describe, expect, it } from 'vitest';
import { filterKey } from './sqlite-filter-key.ts';

describe('filterKey', () => {
  it('is the same for the same filter written again', () => {
    const filter = () => ({ visible: true, $and: [{ tagIds: 't1' }, { searchTokens: { $in: [/^ab/, /^[xy]:cd/u] } }] });
    expect(filterKey(filter())).toBe(filterKey(filter()));
  });

  it('tells apart every pair of filters that translate differently', () => {
    const filters: object[] = [
      {}, { a: 1 }, { a: '1' }, { a: true }, { a: 'true' }, { a: null }, { a: 'null' }, { a: undefined }, { a: 'undefined' },
      { a: 0 }, { a: -0 }, { a: Number.NaN }, { a: Number.POSITIVE_INFINITY },
      { a: /x/ }, { a: /x/i }, { a: '/x/' }, { a: { $regex: 'x' } }, { a: { $regex: 'x', $options: 'i' } },
      { a: 1, b: 2 }, { b: 2, a: 1 }, { 'a.b': 1 }, { a: { b: 1 } },
      { a: { $in: ['x', 'y'] } }, { a: { $in: ['x,y'] } }, { a: { $in: [['x'], 'y'] } }, { a: { $in: [undefined] } },
      // eslint-disable-next-line no-sparse-arrays
      { $and: [, { a: 1 }] }, { $and: [undefined, { a: 1 }] }, { $and: [{ a: 1 }] },
      { a: '"' }, { a: '\\"' }, { '"a': 1 },
    ];
    const keys = filters.map((filter) => filterKey(filter));
    expect(keys.every((key) => typeof key === 'string')).toBe(true);
    expect(new Set(keys).size).toBe(filters.length);
  });

  it('has no key for a filter holding a value it cannot tell apart', () => {
    expect(filterKey({ at: new Date(0) })).toBeNull();
    expect(filterKey({ at: { $gte: new Date(0) } })).toBeNull();
    expect(filterKey({ n: 1n })).toBeNull();
    expect(filterKey({ $where: () => true })).toBeNull();
    expect(filterKey({ a: new (class Value {})() })).toBeNull();
  });
});
