// A decider refuses a command by throwing a Refusal. `kind` tells the HTTP edge which status to use
// (conflict 409, forbidden 403, not_found 404, invalid 422, payment_declined 402); `code` is a stable
// name tests and clients can match on; `reason` is the human sentence shown to the user.
export type RefusalKind = 'conflict' | 'forbidden' | 'not_found' | 'invalid' | 'payment_declined';

export class Refusal extends Error {
  readonly kind: RefusalKind;
  readonly code: string;
  readonly reason: string;
  constructor(kind: RefusalKind, code: string, reason: string) {
    super(`${code}: ${reason}`);
    this.name = 'Refusal';
    this.kind = kind;
    this.code = code;
    this.reason = reason;
  }
}

export function refuse(kind: RefusalKind, code: string, reason: string): never {
  throw new Refusal(kind, code, reason);
}
