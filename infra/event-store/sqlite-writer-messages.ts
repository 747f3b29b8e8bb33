import type { ExpectedRevision } from '../../domain/ports/event-store.ts';
import type { AppendOutcome, AppendRequest, CommittedGroup } from './sqlite-append-group.ts';

// What crosses between the event loop and the store's writer thread (sqlite-writer-thread.ts), in a
// compact form: every append and outcome would otherwise be a few nested objects that postMessage's
// structured clone writes key by key on one side and builds again on the other. A group goes as one
// flat array of strings and numbers; its outcomes as numbers, three per append, with the errors of the
// failed ones aside (an error is the only part that is not a number). Plain arrays, not typed ones: the
// ArrayBuffer a typed array brings along costs the garbage collector more than the clone saves.

/** A group of appends: per append its stream, expected revision and row count, then 4 strings per row. */
export type WireGroup = Array<string | number>;

export function encodeGroup(group: readonly AppendRequest[]): WireGroup {
  const wire: WireGroup = [];
  for (const { streamId, expected, rows } of group) {
    wire.push(streamId, expected, rows.length);
    for (const row of rows) wire.push(row.id, row.type, row.data, row.metadata);
  }
  return wire;
}

export function decodeGroup(wire: WireGroup): AppendRequest[] {
  const group: AppendRequest[] = [];
  let at = 0;
  while (at < wire.length) {
    const streamId = wire[at] as string;
    const expected = wire[at + 1] as ExpectedRevision;
    const count = wire[at + 2] as number;
    at += 3;
    const rows = new Array<AppendRequest['rows'][number]>(count);
    for (let n = 0; n < count; n++, at += 4) {
      rows[n] = { id: wire[at] as string, type: wire[at + 1] as string, data: wire[at + 2] as string, metadata: wire[at + 3] as string };
    }
    group.push({ streamId, expected, rows });
  }
  return group;
}

/** A group's outcomes: per append a kind (APPENDED, REFUSED, FAILED) and two numbers; the failed ones' errors in order. */
export interface WireOutcomes {
  numbers: number[];
  errors: unknown[];
  recordedAt: string;
}

const APPENDED = 0;
const REFUSED = 1;
const FAILED = 2;

export function encodeOutcomes({ outcomes, recordedAt }: CommittedGroup): WireOutcomes {
  const numbers = new Array<number>(outcomes.length * 3).fill(0);
  const errors: unknown[] = [];
  outcomes.forEach((outcome, index) => {
    const at = index * 3;
    if (outcome.kind === 'appended') {
      numbers[at] = APPENDED;
      numbers[at + 1] = outcome.nextRevision;
      numbers[at + 2] = outcome.position;
    } else if (outcome.kind === 'refused') {
      numbers[at] = REFUSED;
      numbers[at + 1] = outcome.actual;
    } else {
      numbers[at] = FAILED;
      errors.push(outcome.error);
    }
  });
  return { numbers, errors, recordedAt };
}

export function decodeOutcomes({ numbers, errors, recordedAt }: WireOutcomes): CommittedGroup {
  const outcomes = new Array<AppendOutcome>(numbers.length / 3);
  let failed = 0;
  for (let index = 0, at = 0; at < numbers.length; index++, at += 3) {
    const kind = numbers[at];
    outcomes[index] =
      kind === APPENDED ? { kind: 'appended', nextRevision: numbers[at + 1]!, position: numbers[at + 2]! }
      : kind === REFUSED ? { kind: 'refused', actual: numbers[at + 1]! }
      : { kind: 'failed', error: errors[failed++] };
  }
  return { outcomes, recordedAt };
}
