import { pbkdf2, solveChallenge } from 'altcha/lib';

// What a browser's widget does, for scripts and tests that call the API without one: fetches a
// security challenge for a form action and solves it (proof of work), answering the payload the
// API takes as `securityChallenge`.
export async function solveSecurityChallenge(baseUrl: string, action: 'register' | 'forgot-password' | 'sign-in'): Promise<string> {
  const response = await fetch(new URL(`/api/security-challenge?action=${action}`, baseUrl));
  if (!response.ok) throw new Error(`security challenge: ${response.status} ${await response.text()}`);
  const challenge = await response.json() as { parameters: Record<string, unknown>; signature: string };
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey: pbkdf2.deriveKey });
  if (!solution) throw new Error('security challenge: no solution found');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

/** True when an answer asks for a solved security challenge (428 security-challenge.*). */
export const asksForSecurityChallenge = (answer: { status: number; body: unknown }): boolean =>
  answer.status === 428 && typeof (answer.body as { code?: unknown } | null)?.code === 'string' && String((answer.body as { code: string }).code).startsWith('security-challenge.');
