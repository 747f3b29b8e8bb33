import { z } from 'zod';
import type { Sort } from '../domain/ports/view-store.ts';

// Paging and sorting shared by every list (SPEC §7: `start` from 0, `limit` up to 999, default 20).
export const MAX_LIMIT = 999;
export const DEFAULT_LIMIT = 20;

/**
 * A whole number in a query string, written with digits only (and a leading minus where `min` < 0):
 * `1e2`, `0x10`, ` 5`, `5.0` and `+5` are refused with 422 rather than read as some other number.
 */
export const queryInteger = (bounds: { min: number; max?: number }) =>
  z.string()
    .regex(/^-?\d{1,16}$/, 'Must be a whole number written with digits only')
    .transform(Number)
    .pipe(z.number().int().min(bounds.min).max(bounds.max ?? Number.MAX_SAFE_INTEGER))
    // OpenAPI shows the number it is, not the text it arrives as.
    .meta({ type: 'integer', minimum: bounds.min, ...(bounds.max === undefined ? {} : { maximum: bounds.max }) });

export const pagingShape = {
  start: queryInteger({ min: 0 }).default(0).describe('Index of the first item, from 0.'),
  limit: queryInteger({ min: 1, max: MAX_LIMIT }).default(DEFAULT_LIMIT).describe(`Items per page, 1 to ${MAX_LIMIT}.`),
};

/** `sort=field` ascending, `sort=-field` descending; only the listed fields. */
export function sortParam<const F extends readonly [string, ...string[]]>(fields: F, defaultSort: string) {
  const allowed = [...fields, ...fields.map((field) => `-${field}`)] as [string, ...string[]];
  return z.enum(allowed).default(defaultSort).describe(`Sort field; prefix with - for descending. One of: ${fields.join(', ')}.`);
}

/**
 * The view-store sort of a `sort` value, `_id` last so pages are stable. `_id` goes the sort's way:
 * then one index `{ …, field: 1, _id: 1 }`, walked forwards or backwards, serves both directions
 * (query-api/list-indexes.test.ts checks every list has one).
 */
export function sortOf(sort: string, fieldPaths: Record<string, string> = {}): Sort {
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  const direction = descending ? -1 : 1;
  return { [fieldPaths[field] ?? field]: direction, _id: direction };
}

export interface Page<T> {
  items: T[];
  total: number;
}

export const pageOf = <S extends z.core.$ZodType>(item: S) => z.object({ items: z.array(item), total: z.number().int().nonnegative() });

/** A list of ids as `id=a&id=b`, `id[]=a&id[]=b` or `id=a,b`. */
export const idList = z
  .preprocess((value) => {
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return values.flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter(Boolean);
  }, z.array(z.string().min(1).max(100)).max(MAX_LIMIT))
  .optional();
