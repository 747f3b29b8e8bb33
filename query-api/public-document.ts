import type { ViewDocument } from '../domain/ports/view-store.ts';
import type { TextOmission } from '../domain/ports/view-store.ts';

// View documents carry bookkeeping for idempotent replays (`_seen`, per-source maps such as
// `ratings`) and search helpers (`searchText`, `searchTokens`); answers over HTTP leave all of that out
// (projectors/README.md). `_id` is dropped too: every document names its id in its own field.
const alwaysInternal = ['searchText', 'searchTokens'];

/** What publicDocument leaves out, as a view store's text read takes it (`findTexts`). */
export const publicOmission = (internal: readonly string[] = []): TextOmission => ({ keys: [...alwaysInternal, ...internal], prefix: '_' });

export function publicDocument<D extends ViewDocument>(doc: D, internal: readonly string[] = []): Record<string, unknown> {
  const hidden = new Set([...alwaysInternal, ...internal]);
  const answer: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key.startsWith('_') || hidden.has(key)) continue;
    answer[key] = value;
  }
  return answer;
}
