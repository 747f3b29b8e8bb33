import { describe, expect, it } from 'vitest';
import { messages, i18nFor } from './i18n.ts';

// Leaves as [path, text]; path parts are joined with " > " because some keys contain dots.
const leavesOf = (value: unknown, prefix = ''): [string, string][] =>
  typeof value === 'string' ? [[prefix, value]] : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leavesOf(child, prefix ? `${prefix} > ${key}` : key));

describe('translations', () => {
  it('Hebrew and English have the same keys, none empty', () => {
    const he = leavesOf(messages.he);
    const en = leavesOf(messages.en);
    expect(he.map(([key]) => key).sort()).toEqual(en.map(([key]) => key).sort());
    for (const [key, text] of [...he, ...en]) expect(text.trim(), key).not.toBe('');
  });

  it('the SPEC §8 messages exist in both languages and keys with dots resolve', () => {
    for (const locale of ['he', 'en'] as const) {
      const t = i18nFor(locale).t;
      for (const status of [403, 404, 422, 500]) expect(t(`core.genericError${status}`)).not.toBe(`core.genericError${status}`);
      expect(t('notification.order.payed', { productName: 'X' })).toContain('X');
      expect(t('dashboard.items.vendor/busy-windows')).not.toContain('dashboard');
    }
  });
});
