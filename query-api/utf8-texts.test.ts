import { describe, expect, it } from 'vitest';
import { pageBytes, Utf8Texts } from './utf8-texts.ts';

describe('UTF-8 texts of documents', () => {
  it('gives the bytes of the page text, with heads in place of the opening braces', () => {
    const texts = new Utf8Texts(1_000);
    const items = ['{"name":"אמן","vendorId":"v1"}', '{"name":"Band","vendorId":"v2"}'];
    expect(pageBytes(items, null, 7, texts).toString('utf8')).toBe(`{"items":[${items.join(',')}],"total":7}`);
    const heads = ['{"response":null,', '{"response":{"medianMinutes":5},'];
    expect(pageBytes(items, heads, 2, texts).toString('utf8')).toBe(`{"items":[${items.map((item, at) => heads[at] + item.slice(1)).join(',')}],"total":2}`);
    expect(pageBytes([], heads, 0, texts).toString('utf8')).toBe('{"items":[],"total":0}');
  });

  it('keeps texts up to its bound, dropping the oldest first', () => {
    const texts = new Utf8Texts(100);
    const text = (n: number) => `{"n":"${'א'.repeat(10)}${n}"}`; // 30 bytes
    for (let n = 0; n < 3; n++) texts.of(text(n));
    expect(texts.size).toBe(3);
    expect(texts.of(text(1))).toBe(texts.of(text(1)));
    texts.of(text(3));
    expect(texts.size).toBeLessThan(4);
    expect(texts.of(text(0)).toString('utf8')).toBe(text(0));
    expect(texts.of('x'.repeat(200)).toString()).toBe('x'.repeat(200));
  });
});
