import type { Decider } from '../shared/decider.ts';
import type { TrackingCommand } from './commands.ts';
import type { TrackingEvent } from './events.ts';
import { streamOf } from '../shared/ids.ts';

// Hits of one traffic source (stream `tracking-<source>`). Anyone may record one; nothing is refused.
export type TrackingState = { hits: number };

/** The stream of the visits of one source (`tracking-<source>`). */
export const trackingStream = streamOf('tracking');

export const trackingDecider: Decider<TrackingState, TrackingCommand, TrackingEvent> = {
  initialState: { hits: 0 },
  evolve: (state) => ({ hits: state.hits + 1 }),
  decide: (command) => [{ type: 'SourceHit', data: { source: command.source, userId: command.actor.userId, at: command.at } }],
};
