import { parse } from 'node:querystring';
import { describe, expect, it } from 'vitest';
import { normalizedQuery } from './read-route.ts';

const normalized = (search: string) => normalizedQuery({ originalUrl: `/api/x?${search}`, params: {}, query: parse(search), get: () => undefined });

describe('normalizedQuery', () => {
  it('keeps a name given once as its value, folds id[] and repeated names into a list, drops empty values', () => {
    expect(normalized('limit=24&start=0&sort=-name&locale=he-IL')).toEqual({ limit: '24', start: '0', sort: '-name', locale: 'he-IL' });
    expect(normalized('id=a&id=b')).toEqual({ id: ['a', 'b'] });
    expect(normalized('id[]=a')).toEqual({ id: ['a'] });
    expect(normalized('id[]=a&id=b')).toEqual({ id: ['a', 'b'] });
    expect(normalized('id=a&id[]=b&id[]=c')).toEqual({ id: ['a', 'b', 'c'] });
    expect(normalized('text=&category=bands&q=1&q=')).toEqual({ category: 'bands', q: ['1', ''] });
  });

  it('refuses a query that is not UTF-8 with 400', () => {
    expect(() => normalized('text=%FF')).toThrow(expect.objectContaining({ problem: expect.objectContaining({ status: 400 }) }));
  });
});
