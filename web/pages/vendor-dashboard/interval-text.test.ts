import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../i18n/i18n.ts';
import { describeInterval } from './interval-text.ts';

// What a reader sees: without the bidi isolation and word-joiner marks.
const plain = (text: string) => text.replace(/[\u2060\u2066-\u2069]/g, '');

describe('a busy time in words, Israel time', () => {
  const en = i18nFor('en').t;
  it('names hours on one day, whole days, and spans across midnight', () => {
    expect(plain(describeInterval({ start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T10:30:00.000Z' }, 'en', en))).toBe('Tue, Dec 1, 2026, 10:00–12:30');
    expect(plain(describeInterval({ start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T10:30:00.000Z' }, 'en', en, { withDate: false }))).toBe('10:00–12:30');
    expect(describeInterval({ start: '2026-11-30T22:00:00.000Z', end: '2026-12-01T22:00:00.000Z' }, 'en', en)).toBe('Tue, Dec 1, 2026 · All day');
    expect(describeInterval({ start: '2026-11-30T22:00:00.000Z', end: '2026-12-03T22:00:00.000Z' }, 'en', en)).toBe('Dec 1, 2026 – Dec 3, 2026 · All day');
    expect(describeInterval({ start: '2026-12-01T18:00:00.000Z', end: '2026-12-02T00:00:00.000Z' }, 'en', en)).toMatch(/^Dec 1, 20:00 – Dec 2, 02:00$/);
  });

  it('keeps the hours left to right inside Hebrew text', () => {
    const text = describeInterval({ start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T10:00:00.000Z' }, 'he', i18nFor('he').t);
    expect(text).toContain('\u206610:00\u2060–\u206012:00\u2069');
  });
});
