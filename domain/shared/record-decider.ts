import { isAdmin, type Actor } from './actor.ts';
import type { Decider } from './decider.ts';
import { refuse } from './refusal.ts';

// One decider shape for the many admin-managed records (content, geo locations, config entries,
// language entries, ACL rules): a record is absent, present with its fields, or deleted.
//   create  refused when the id was ever used (ids are not reused, so links never change meaning)
//   update  refused when the record is not present
//   set     creates or replaces; the same fields again changes nothing (no event)
//   delete  refused when the record is not present
// Refusal codes are `<code>.forbidden`, `<code>.exists`, `<code>.not-found`.

export type RecordState<Fields> =
  | { status: 'absent' }
  | { status: 'present'; fields: Fields }
  | { status: 'deleted' };

export type RecordIntent<Event> = { kind: 'create' | 'update' | 'set' | 'delete'; event: Event };

export interface RecordLifecycle<Fields, Command extends { actor: Actor }, Event> {
  /** Prefix of refusal codes, e.g. `geo-location`. */
  code: string;
  /** How a reason names the record, e.g. `geo location`. */
  noun: (command: Command) => string;
  /** What the command means and the event it would record. */
  intent: (command: Command) => RecordIntent<Event>;
  /** The fields a record holds after the event, or null when the event deletes it. */
  fieldsAfter: (event: Event) => Fields | null;
  /** Who may act; admins by default. */
  mayAct?: (actor: Actor) => boolean;
  /** Further rules against the present record (throws a Refusal). */
  check?: (command: Command, state: RecordState<Fields>) => void;
}

export function recordDecider<Fields, Command extends { actor: Actor }, Event>(
  lifecycle: RecordLifecycle<Fields, Command, Event>,
): Decider<RecordState<Fields>, Command, Event> {
  const mayAct = lifecycle.mayAct ?? isAdmin;
  return {
    initialState: { status: 'absent' },
    evolve(_state, event) {
      const fields = lifecycle.fieldsAfter(event);
      return fields === null ? { status: 'deleted' } : { status: 'present', fields };
    },
    decide(command, state) {
      const noun = lifecycle.noun(command);
      if (!mayAct(command.actor)) refuse('forbidden', `${lifecycle.code}.forbidden`, `Only an admin may change a ${noun}.`);
      const { kind, event } = lifecycle.intent(command);
      if (kind === 'create' && state.status !== 'absent') {
        refuse('conflict', `${lifecycle.code}.exists`, state.status === 'present'
          ? `This ${noun} already exists.`
          : `This ${noun} was deleted; its id cannot be used again.`);
      }
      if ((kind === 'update' || kind === 'delete') && state.status !== 'present') {
        refuse('not_found', `${lifecycle.code}.not-found`, `This ${noun} does not exist.`);
      }
      lifecycle.check?.(command, state);
      if (kind === 'set' && state.status === 'present' && sameValue(state.fields, lifecycle.fieldsAfter(event))) return [];
      return [event];
    },
  };
}

/** Structural equality of plain JSON-like values (key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
