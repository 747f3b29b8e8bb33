import { describe, expect, it } from 'vitest';
import { pageText } from './json-text.ts';

describe('pageText', () => {
  it('is the JSON text of { items, total } for any number of items, and leaves the items as they were', () => {
    const cards = [{ vendorId: 'v-1', name: { he: 'להקה', en: 'Band' } }, { vendorId: 'v-2', tags: [] }, { vendorId: 'v-3', n: 1.5 }];
    for (let count = 0; count <= cards.length; count++) {
      const items = cards.slice(0, count).map((card) => JSON.stringify(card));
      const copy = [...items];
      const text = pageText(items, 40).text;
      expect(text).toBe(JSON.stringify({ items: cards.slice(0, count), total: 40 }));
      expect(items).toEqual(copy);
    }
  });
});
