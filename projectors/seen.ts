import type { ViewDocument } from '../domain/ports/view-store.ts';

// Stream ids become keys of `_seen`; MongoDB field names cannot hold `.` or start with `$` (config keys
// such as `support.whatsapp` do), so they are percent-encoded.
export const seenKey = (streamId: string): string =>
  streamId.replace(/%/g, '%25').replace(/\./g, '%2E').replace(/\$/g, '%24');

/** The last revision of the stream applied to the document, -1 when none. */
export function seenRevision(doc: ViewDocument | null | undefined, streamId: string): number {
  const seen = doc?._seen as Record<string, number> | undefined;
  const revision = seen?.[seenKey(streamId)];
  return typeof revision === 'number' ? revision : -1;
}

/** The document without the runtime's bookkeeping, for answers over HTTP. */
export function publicView<D extends ViewDocument>(doc: D): Omit<D, '_seen'> {
  const { _seen, ...rest } = doc;
  return rest;
}

/** Escapes user text for a `$regex` filter (text search on `searchText` fields). */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Lower-cased texts joined by a space: the `searchText` field text filters match against. */
export const searchTextOf = (...texts: Array<string | null | undefined>): string =>
  texts.filter((text): text is string => Boolean(text)).map((text) => text.toLowerCase()).join(' ');
