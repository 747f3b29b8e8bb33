import { parse } from 'node:querystring';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createParsedQueries } from './parsed-queries.ts';
import type { ReadRequest } from './read-route.ts';

const requestOf = (search: string): ReadRequest => ({ originalUrl: `/api/x${search ? `?${search}` : ''}`, params: {}, query: parse(search), get: () => undefined });
const schema = z.object({ limit: z.coerce.number().int().max(100).default(10), id: z.array(z.string()).optional() }).strict();

describe('createParsedQueries', () => {
  it('parses a query text once: the same text answers the same frozen value', () => {
    const queries = createParsedQueries();
    const first = queries.parse(schema, requestOf('limit=5&id=a&id=b'));
    expect(first).toEqual({ limit: 5, id: ['a', 'b'] });
    expect(queries.parse(schema, requestOf('limit=5&id=a&id=b'))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.id)).toBe(true);
    expect(queries.parse(schema, requestOf(''))).toEqual({ limit: 10 });
    expect(queries.parse(schema, requestOf('limit=6'))).not.toBe(first);
  });

  it('keeps a value per schema, and refuses an invalid query every time', () => {
    const queries = createParsedQueries();
    const other = z.object({ limit: z.string() }).strict();
    expect(queries.parse(schema, requestOf('limit=5'))).toEqual({ limit: 5 });
    expect(queries.parse(other, requestOf('limit=5'))).toEqual({ limit: '5' });
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(() => queries.parse(schema, requestOf('limit=500'))).toThrow(expect.objectContaining({ problem: expect.objectContaining({ status: 422 }) }));
      expect(() => queries.parse(schema, requestOf('limit=%FF'))).toThrow(expect.objectContaining({ problem: expect.objectContaining({ status: 400 }) }));
    }
  });

  it('keeps a bounded number of texts per schema', () => {
    const queries = createParsedQueries(2);
    const first = queries.parse(schema, requestOf('limit=1'));
    queries.parse(schema, requestOf('limit=2'));
    expect(queries.parse(schema, requestOf('limit=1'))).toBe(first);
    queries.parse(schema, requestOf('limit=3'));
    expect(queries.parse(schema, requestOf('limit=1'))).not.toBe(first);
  });
});
