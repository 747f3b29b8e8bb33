import type { z } from 'zod';
import { HttpProblem } from '../infra/http/problem.ts';

// 422 problem listing every failing field. An unknown field is reported under its own name (zod
// reports it on the parent object), so a client sees exactly which field to drop.
export function validationProblem(error: z.ZodError, prefix = ''): HttpProblem {
  const errors = error.issues.flatMap((issue) => {
    const base = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, message: 'Unknown field' }));
    }
    return [{ field: base || '(body)', message: issue.message }];
  });
  return new HttpProblem(422, 'Validation failed', { code: 'validation', detail: 'One or more fields are invalid.', errors });
}
