import { describe, expect, it } from 'vitest';
import { jsonWithKeptTexts } from './kept-json.ts';

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
};

describe('jsonWithKeptTexts (JSON.stringify with the texts of deeply frozen values kept)', () => {
  it('writes what JSON.stringify writes, whatever the values', () => {
    const shared = deepFreeze({ hebrewDates: { '2026-12-01': 'י׳ כסלו' }, marks: { '2026-12-05': [{ kind: 'shabbat', name: 'שבת' }] } });
    const values: unknown[] = [
      null, 1, 'a "quoted" </script>', undefined, [1, undefined, () => 1],
      { loaderData: { root: { locale: 'he', user: null, now: 1, skipped: undefined, fn: () => 1 }, page: { jewish: { place: 'x', ...shared }, shared, at: new Date(0) } }, actionData: null, errors: null },
      { withToJson: { toJSON: (key: string) => `key ${key}` }, nested: { date: new Date(5), map: new Map([[1, 2]]), [Symbol('s')]: 1 } },
      Object.freeze({ mutable: { n: 1 } }),
      deepFreeze([1, { a: 2 }]),
      Object.create(null, { a: { value: 1, enumerable: true }, hidden: { value: 2, enumerable: false } }),
    ];
    for (const value of values) {
      for (const depth of [0, 1, 4]) expect(jsonWithKeptTexts(value, depth)).toBe(JSON.stringify(value));
      // A second time, from kept texts.
      expect(jsonWithKeptTexts(value, 4)).toBe(JSON.stringify(value));
    }
  });

  it('writes a frozen object holding something mutable again each time', () => {
    const inner = { n: 1 };
    const shallow = Object.freeze({ inner });
    expect(jsonWithKeptTexts({ page: shallow }, 4)).toBe('{"page":{"inner":{"n":1}}}');
    inner.n = 2;
    expect(jsonWithKeptTexts({ page: shallow }, 4)).toBe('{"page":{"inner":{"n":2}}}');
    const date = new Date(0);
    const withDate = Object.freeze({ date: Object.freeze(date) });
    expect(jsonWithKeptTexts({ page: withDate }, 4)).toBe(JSON.stringify({ page: withDate }));
    date.setTime(1000);
    expect(jsonWithKeptTexts({ page: withDate }, 4)).toBe(JSON.stringify({ page: withDate }));
  });

  it('keeps the text of a deeply frozen value: the same text for the pages that share it', () => {
    const shared = deepFreeze({ days: Array.from({ length: 90 }, (_, day) => ({ day, name: `day ${day}` })) });
    const first = jsonWithKeptTexts({ a: { shared } }, 4);
    const stringify = JSON.stringify;
    let calls = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => { calls++; return stringify(...args); }) as typeof JSON.stringify;
    try {
      expect(jsonWithKeptTexts({ b: { shared } }, 4)).toBe(first!.replace('"a"', '"b"'));
      // Only the keys: the shared value's text was kept.
      expect(calls).toBe(2);
    } finally {
      JSON.stringify = stringify;
    }
  });
});
