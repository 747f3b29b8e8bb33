// Answers already read, by their text (JSON as the API sent it): a read whose answer is the same text as
// one read before takes the value made of it then, instead of parsing and validating it again. For the
// few answers many pages share whole — the categories and places every page lists, an artist's Jewish
// calendar (the same for every artist who keeps the same days at the same place) — whose parsing was a
// sizeable part of a server-rendered page. The values are shared, so they are frozen (deeply); the
// oldest read goes first once `kept` are held.

import { LeastRecentlyUsed } from '../../infra/least-recently-used.ts';

export interface AnswerMemo<T> {
  /** The value of this answer text: remembered, or made by `read` from the parsed JSON and remembered. */
  of(text: string, read: (value: unknown) => T): T;
}

export function answerMemo<T>(kept: number): AnswerMemo<T> {
  const values = new LeastRecentlyUsed<string, T>(kept);
  return {
    of(text, read) {
      let value = values.get(text);
      if (value === undefined) {
        let parsed: unknown;
        // As the API client parses an answer: JSON, else the text itself (which the schema refuses).
        try { parsed = JSON.parse(text); } catch { parsed = text; }
        value = deepFreeze(read(parsed));
        values.set(text, value);
      }
      return value;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
