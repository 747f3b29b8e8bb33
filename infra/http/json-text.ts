import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';

// JSON request bodies are text: bytes that are not UTF-8 are refused (400) instead of being decoded
// into U+FFFD replacement characters, and so are strings holding lone UTF-16 surrogates (escapes such
// as "\ud800"), which no UTF-8 store or client can carry faithfully.

/** express.json `verify`: 400 `bad-request.encoding` when a body declared (or defaulting to) UTF-8 is not. */
export function refuseInvalidUtf8(_req: IncomingMessage, _res: ServerResponse, body: Buffer, encoding: string): void {
  if (/^utf-?8$/i.test(encoding) && !isUtf8(body)) {
    throw Object.assign(new Error('The body is not valid UTF-8.'), { status: 400, type: 'encoding.invalid-utf8' });
  }
}

/** Deepest nesting of arrays and objects a JSON body may have: no write needs more, and deeper ones only cost. */
export const MAX_JSON_DEPTH = 32;

/**
 * Why a parsed JSON body is refused (400), or null: nested deeper than MAX_JSON_DEPTH, or a string
 * or key that is not well-formed Unicode. Walked with a stack of its own, not recursion, so a body
 * of 10,000 levels is a refusal instead of a stack overflow (a 500, found by the bad-input suite).
 */
export function jsonBodyProblem(value: unknown): string | null {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length) {
    const [item, depth] = pending.pop()!;
    if (typeof item === 'string') {
      if (!item.isWellFormed()) return 'Text in the body must be well-formed Unicode (no lone surrogates).';
    } else if (item !== null && typeof item === 'object') {
      if (depth >= MAX_JSON_DEPTH) return `The body is nested more than ${MAX_JSON_DEPTH} levels deep.`;
      for (const [key, child] of Object.entries(item)) {
        if (!Array.isArray(item) && !key.isWellFormed()) return 'Text in the body must be well-formed Unicode (no lone surrogates).';
        pending.push([child, depth + 1]);
      }
    }
  }
  return null;
}
