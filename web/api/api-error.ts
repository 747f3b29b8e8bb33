// A failed API call: the HTTP status and the problem+json body the APIs answer with (DESIGN §6).
// Status 0 means the call never got an answer (network down, aborted, timed out).
export interface ApiProblem {
  status: number;
  title?: string;
  detail?: string;
  code?: string;
  errors?: { field: string; message: string }[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly problem: ApiProblem;
  constructor(status: number, problem: Partial<ApiProblem> = {}) {
    super(problem.detail ?? problem.title ?? `API call failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = { ...problem, status };
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** SPEC §8: 403, 404, 422 and 500 have their own message; any other code shows the 500 message. */
export function genericErrorMessageKey(status: number): string {
  return [403, 404, 422, 500].includes(status) ? `core.genericError${status}` : 'core.genericError500';
}
