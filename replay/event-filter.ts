import type { RecordedEvent } from '../domain/ports/event-store.ts';

// Which events a replay or an export keeps. Every criterion given must hold (AND); several values of
// one criterion are alternatives (OR). An empty filter keeps every event.
export interface EventFilter {
  /** Stream categories: the part of the stream id before the first `-` (`order` for `order-…`). */
  categories?: readonly string[];
  streams?: readonly string[];
  types?: readonly string[];
  /** Inclusive bounds on the event's time (see eventTime). */
  fromTime?: Date;
  toTime?: Date;
  /** Inclusive bounds on the global position. */
  fromPosition?: number;
  toPosition?: number;
}

/** The category of a stream id, EventStoreDB's `$ce` convention: `order-123` → `order`. */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}

/**
 * When the event happened: `metadata.at`, the command's clock, which an export and re-import keep; the
 * store's own `recordedAt` only for an event without it. Milliseconds, NaN when neither is a time.
 */
export function eventTime(event: Pick<RecordedEvent, 'metadata' | 'recordedAt'>): number {
  const at = (event.metadata as { at?: unknown } | undefined)?.at;
  const time = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return Number.isNaN(time) ? Date.parse(event.recordedAt) : time;
}

/** Whether the filter restricts anything at all (a replay of everything may set checkpoints). */
export function isUnfiltered(filter: EventFilter): boolean {
  return !filter.categories?.length && !filter.streams?.length && !filter.types?.length
    && filter.fromTime === undefined && filter.toTime === undefined
    && filter.fromPosition === undefined && filter.toPosition === undefined;
}

/** A predicate for the filter, with the lists turned into sets once. */
export function eventMatcher(filter: EventFilter): (event: RecordedEvent) => boolean {
  const categories = filter.categories?.length ? new Set(filter.categories) : null;
  const streams = filter.streams?.length ? new Set(filter.streams) : null;
  const types = filter.types?.length ? new Set(filter.types) : null;
  const from = filter.fromTime?.getTime();
  const to = filter.toTime?.getTime();
  return (event) => {
    if (filter.fromPosition !== undefined && event.position < filter.fromPosition) return false;
    if (filter.toPosition !== undefined && event.position > filter.toPosition) return false;
    if (streams && !streams.has(event.streamId)) return false;
    if (categories && !categories.has(categoryOf(event.streamId))) return false;
    if (types && !types.has(event.type)) return false;
    if (from !== undefined || to !== undefined) {
      const time = eventTime(event);
      if (Number.isNaN(time)) return false;
      if (from !== undefined && time < from) return false;
      if (to !== undefined && time > to) return false;
    }
    return true;
  };
}

/** The filter in words, for the command's first line. */
export function describeFilter(filter: EventFilter): string {
  const parts: string[] = [];
  if (filter.categories?.length) parts.push(`category ${filter.categories.join(' or ')}`);
  if (filter.streams?.length) parts.push(`stream ${filter.streams.join(' or ')}`);
  if (filter.types?.length) parts.push(`type ${filter.types.join(' or ')}`);
  if (filter.fromTime) parts.push(`from ${filter.fromTime.toISOString()}`);
  if (filter.toTime) parts.push(`up to ${filter.toTime.toISOString()}`);
  if (filter.fromPosition !== undefined) parts.push(`from position ${filter.fromPosition}`);
  if (filter.toPosition !== undefined) parts.push(`up to position ${filter.toPosition}`);
  return parts.length === 0 ? 'every event' : parts.join(', ');
}
