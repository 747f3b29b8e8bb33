// Time is injected so deciders and tests stay deterministic.
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
