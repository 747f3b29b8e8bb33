import { z } from 'zod';
import { Actor } from './actor.ts';

// Envelope metadata stored beside every event (DESIGN §4).
export const EventMetadata = z.object({
  actor: Actor,
  correlationId: z.string(),
  causationId: z.string().nullable(),
  /** ISO time from the injected clock. */
  at: z.string(),
  schemaVersion: z.number().int().positive(),
  /** Set by the command handler: the fingerprint of the schemas the event was validated against (infra/event-schema-stamp.ts). */
  eventSchema: z.string().optional(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;
