import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { TrackingSource } from './events.ts';

// Command of the source tracking (stream `tracking-<source>`): anyone, guests included, may record
// a hit for the utm_source of the page they landed on (SPEC §7, §9).

export const RecordSourceHit = command('RecordSourceHit', { source: TrackingSource });
export type RecordSourceHit = z.infer<typeof RecordSourceHit>;

export const TrackingCommand = z.discriminatedUnion('type', [RecordSourceHit]);
export type TrackingCommand = z.infer<typeof TrackingCommand>;
