import type * as z from 'zod/mini';

/**
 * An API answer that does not have the shape of its answer schema (query-api/answer-schemas.ts): the
 * server and this client disagree on the read contract, which is a bug to fix, not a page to guess.
 */
export class AnswerShapeError extends Error {
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(what: string, issues: readonly z.core.$ZodIssue[]) {
    const where = issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`).join('; ');
    super(`The API answered ${what} in an unexpected shape: ${where}`);
    this.name = 'AnswerShapeError';
    this.issues = issues;
  }
}

/** The answer validated by its schema, or AnswerShapeError naming the fields that are off. */
export function readAnswer<Schema extends z.ZodMiniType>(schema: Schema, value: unknown, what: string): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AnswerShapeError(what, result.error.issues);
  return result.data;
}
