import { describe, expect, it } from 'vitest';
import { writtenIds } from './written-ids.ts';

describe('written ids', () => {
  it('never says no for an id added, per collection', () => {
    const ids = writtenIds(1 << 16);
    for (let n = 0; n < 2000; n++) ids.add('cards', `vendor-${n}`);
    for (let n = 0; n < 2000; n++) expect(ids.mayHold('cards', `vendor-${n}`)).toBe(true);
  });

  it('says no for nearly every id never added, also the same id in another collection or split elsewhere', () => {
    const ids = writtenIds(1 << 20);
    for (let n = 0; n < 2000; n++) ids.add('cards', `vendor-${n}`);
    let maybe = 0;
    for (let n = 0; n < 2000; n++) {
      if (ids.mayHold('pages', `vendor-${n}`)) maybe += 1;
      if (ids.mayHold('cards', `vendor-${n + 2000}`)) maybe += 1;
      if (ids.mayHold('card', `svendor-${n}`)) maybe += 1;
    }
    expect(maybe).toBeLessThan(6);
  });
});
