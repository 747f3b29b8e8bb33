import { describe, expect, it } from 'vitest';
import { ServedTexts } from './sqlite-served-texts.ts';

describe('ServedTexts', () => {
  const text = (n: number) => `{"n":${n}${' '.repeat(10 - String(n).length)}}`; // 16 characters

  it('keeps texts by rid until the omission changes or the collection does', () => {
    const served = new ServedTexts(1_000).of('a');
    served.set(1, text(1));
    expect(served.get(1)).toBe(text(1));
    expect(served.of('a').get(1)).toBe(text(1));
    expect(served.of('b').get(1)).toBeUndefined();
    served.set(2, text(2));
    served.forget();
    expect(served.has(2)).toBe(false);
  });

  it('when full, drops the texts not served again since the last drop first, the oldest first', () => {
    const served = new ServedTexts(160).of('a'); // ten texts
    for (let rid = 1; rid <= 10; rid++) served.set(rid, text(rid));
    served.get(1);
    served.get(2);
    served.set(11, text(11)); // over the bound: down to 144 characters, two texts dropped
    expect(served.size).toBe(9);
    expect([1, 2, 3, 4, 5].map((rid) => served.has(rid))).toEqual([true, true, false, false, true]);
    // Served before the last drop only, 1 and 2 are now the oldest of those not served since.
    served.get(5);
    served.set(12, text(12));
    served.set(13, text(13));
    expect([1, 2, 5, 6, 7, 8].map((rid) => served.has(rid))).toEqual([false, false, true, true, true, true]);
    expect(served.get(13)).toBe(text(13));
  });

  it('drops a text answered once before those served again, then the oldest of these if need be', () => {
    const served = new ServedTexts(48).of('a'); // three texts
    for (let rid = 1; rid <= 3; rid++) served.set(rid, text(rid));
    for (let rid = 1; rid <= 3; rid++) served.get(rid);
    served.set(4, text(4));
    expect([1, 2, 3, 4].map((rid) => served.has(rid))).toEqual([false, true, true, false]);
  });
});

describe('the default bound', () => {
  it('keeps every vendor card of 100,000 vendors (~480 characters each, some longer)', () => {
    const served = new ServedTexts().of('a');
    const card = 'x'.repeat(600);
    for (let rid = 1; rid <= 100_000; rid++) served.set(rid, card);
    expect(served.size).toBe(100_000);
    expect(served.has(1)).toBe(true);
  });
});
