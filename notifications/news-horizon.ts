import type { RecordedEvent } from '../domain/ports/event-store.ts';

/**
 * Notifications are news: the reactor notifies an event only while it is at most this old (by the
 * time it was recorded, `metadata.at`) when the reactor reads it. Older events — a log restored into a
 * new data directory, a reactor checkpoint lost, a worker away for longer than this — still teach the
 * reactor who owns what, but notify no one: a bell full of months-old orders would bury the new ones,
 * and the dashboards already show where every order stands.
 */
export const NOTIFY_EVENTS_WITHIN_MS = 7 * 24 * 60 * 60_000;

/** Whether the event is recent enough at `now` to be notified; an event without a readable time is. */
export function isNews(event: Pick<RecordedEvent, 'metadata'>, now: Date, withinMs = NOTIFY_EVENTS_WITHIN_MS): boolean {
  const recordedAt = Date.parse(event.metadata.at);
  return Number.isNaN(recordedAt) || now.getTime() - recordedAt <= withinMs;
}
