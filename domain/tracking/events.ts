import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { IsoTime } from '../shared/ids.ts';

// Stream `tracking-<source>`: POST /api/tracking/source/hit/{source} (SPEC §7), for super users' source tracking.
export const TrackingSource = z.string().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/);
export const SourceHit = event('SourceHit', z.strictObject({ source: TrackingSource, userId: z.string().nullable(), at: IsoTime }));
export const TrackingEvent = z.discriminatedUnion('type', [SourceHit]);
export type TrackingEvent = z.infer<typeof TrackingEvent>;
