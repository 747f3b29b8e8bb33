import { randomUUID } from 'node:crypto';
import { update as applyUpdate } from 'mingo';
import type { Filter, Update, ViewDocument } from '../../domain/ports/view-store.ts';

// What every ViewStore adapter inserts when an upsert matches nothing, as MongoDB does: a document
// made from the filter's equality fields, then the update applied to it.

/** The equality fields of a filter, which MongoDB copies into a document made by an upsert. */
export function fieldsFromFilter(filter: Filter): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$') || value instanceof RegExp) continue;
    const isOperatorObject = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).some((k) => k.startsWith('$'));
    if (!isOperatorObject) fields[key] = value;
  }
  return fields;
}

/** The document an upsert that matched nothing inserts (a random `_id` when the filter names none). */
export function upsertedDocument(filter: Filter, update: Update): ViewDocument {
  const { _id, ...fields } = structuredClone(fieldsFromFilter(filter));
  const created: Record<string, unknown> = { _id: typeof _id === 'string' ? _id : randomUUID() };
  // Through $set so dotted filter keys become nested fields, as in MongoDB.
  if (Object.keys(fields).length > 0) applyUpdate(created, { $set: fields } as never);
  applyUpdate(created, structuredClone(update) as never);
  return created as ViewDocument;
}
