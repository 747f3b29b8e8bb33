import { describe, expect, it } from 'vitest';
import { storedFieldsBuilders } from './stored-fields-builders.ts';
import type { ViewDoc } from './projection.ts';

// The compiled pass must give what storedFields' key-by-key pass gives: the same keys, in the same order.
describe('storedFields builders', () => {
  const isPlainJson = (value: unknown) => value !== undefined && !(value instanceof Date);
  const isPlainJsonAfter = (value: unknown) => isPlainJson(value);
  const seen = { _seen: { s: 1 }, _seenLanes: { '*': 7 } };
  const build = (next: Record<string, unknown>, current: ViewDoc | null = null, builderFor = storedFieldsBuilders(isPlainJson, isPlainJsonAfter)) =>
    builderFor('c', Object.keys(next))!(next as ViewDoc, current, 'x', seen);

  it('puts `_id` where evolve put it, `_seen` right after it (or where evolve put it), the seen extras last, without `_version`', () => {
    const doc = build({ a: 1, _id: 'ignored', b: 2, _seenLanes: { '*': 1 }, _version: 3, c: 'new' })!;
    expect(Object.keys(doc)).toEqual(['a', '_id', '_seen', 'b', 'c', '_seenLanes']);
    expect(doc).toEqual({ a: 1, _id: 'x', _seen: { s: 1 }, b: 2, c: 'new', _seenLanes: { '*': 7 } });
    expect(Object.keys(build({ _seen: {}, a: 1, _id: 'x' })!)).toEqual(['_seen', 'a', '_id', '_seenLanes']);
  });

  it('appends `_id`, then `_seen`, where evolve left them out', () => {
    expect(Object.keys(build({ a: 1 })!)).toEqual(['a', '_id', '_seen', '_seenLanes']);
    expect(Object.keys(build({ _seen: {}, a: 1 })!)).toEqual(['_seen', 'a', '_id', '_seenLanes']);
    expect(Object.keys(build({ a: 1 }, null)!)).toEqual(['a', '_id', '_seen', '_seenLanes']);
  });

  it('gives null where a value is not plain JSON, unless kept from the stored document', () => {
    const at = new Date(0);
    expect(build({ _id: 'x', at })).toBeNull();
    expect(build({ _id: 'x', gone: undefined })).toBeNull();
    expect(build({ _id: 'x', at, n: 1 }, { _id: 'x', at, n: 0 } as ViewDoc)).toEqual({ _id: 'x', _seen: { s: 1 }, at, n: 1, _seenLanes: { '*': 7 } });
  });

  it('keeps a field named like a number, or `__proto__` (built key by key: null builder)', () => {
    expect(Object.keys(build({ _id: 'x', b: 1, 7: 'seven' })!)).toEqual(['7', '_id', '_seen', 'b', '_seenLanes']);
    const builderFor = storedFieldsBuilders(isPlainJson, isPlainJsonAfter);
    expect(builderFor('c', ['_id', '__proto__'])).toBeNull();
  });

  it('compiles a list of keys once per collection, and no more lists than its bound', () => {
    const builderFor = storedFieldsBuilders(isPlainJson, isPlainJsonAfter);
    expect(builderFor('c', ['_id', 'a'])).toBe(builderFor('c', ['_id', 'a']));
    expect(builderFor('c', ['_id', 'a'])).not.toBe(builderFor('d', ['_id', 'a']));
    const many = Array.from({ length: 40 }, (_, index) => builderFor('e', ['_id', `f${index}`]));
    expect(many.filter((builder) => builder === null).length).toBeGreaterThan(0);
    expect(many[0]).not.toBeNull();
  });
});
