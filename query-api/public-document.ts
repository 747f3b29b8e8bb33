import type { TextOmission, ViewDocument } from '../domain/ports/view-store.ts';

// View documents carry bookkeeping for idempotent replays (`_seen`, per-source maps such as
// `productPrices`) and search helpers (`searchText`, `searchTokens`); answers over HTTP leave all of that out
// (projectors/README.md). `_id` is dropped too: every document names its id in its own field. The
// reads ask the store not to send the listed fields (tracked-views.ts); this drops what is left, by prefix.
const alwaysInternal = ['searchText', 'searchTokens'];

/** What publicDocument leaves out, as a view store's text read takes it (`findTexts`). */
export const publicOmission = (internal: readonly string[] = []): TextOmission => ({ keys: [...alwaysInternal, ...internal], prefix: '_' });

/** A document without the omitted top-level keys, the others in their order (what a text read leaves out, in JavaScript). */
export function withoutOmitted(doc: ViewDocument, omit: TextOmission): Record<string, unknown> {
  const omitted = new Set(omit.keys);
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (omitted.has(key) || (omit.prefix !== undefined && key.startsWith(omit.prefix))) continue;
    kept[key] = value;
  }
  return kept;
}

export const publicDocument = <D extends ViewDocument>(doc: D, internal: readonly string[] = []): Record<string, unknown> =>
  withoutOmitted(doc, publicOmission(internal));
