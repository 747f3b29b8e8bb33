import { issueTokens } from '../infra/auth/jwt-tokens.ts';

// Access tokens for tests, signed like the command API's (infra/auth/jwt-tokens.ts).
export const TEST_SECRET = 'query-api-test-secret-0123456789abcdef';

export function tokenFor(secret: string, who: { userId: string; roles?: string[]; groups?: string[]; vendorId?: string | null }): string {
  return issueTokens({ secret }, {
    userId: who.userId,
    email: `${who.userId}@example.com`,
    roles: who.roles ?? [],
    groups: who.groups ?? [],
    vendorId: who.vendorId ?? null,
  }).token;
}
