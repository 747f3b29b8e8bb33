import jwt from 'jsonwebtoken';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, verifyPassword } from './password-hash.ts';
import { actorOfAuthorization, issueTokens, secretKeyOf, verifyAccessToken, verifyRefreshToken } from './jwt-tokens.ts';

const secret = 'a-test-secret-that-is-long-enough-123';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one; salts differ', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct hors', hash)).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(hash);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });

  it('hashes at the default cost unless given one; a hash carries its cost, so hashes of either cost verify', async () => {
    const strong = await hashPassword('correct horse');
    expect(strong.split('$').slice(1, 4)).toEqual([String(DEFAULT_PASSWORD_HASH_COST.N), String(DEFAULT_PASSWORD_HASH_COST.r), String(DEFAULT_PASSWORD_HASH_COST.p)]);
    const cheap = await hashPassword('correct horse', { N: 1024, r: 8, p: 1 });
    expect(cheap.split('$').slice(1, 4)).toEqual(['1024', '8', '1']);
    expect(await verifyPassword('correct horse', cheap)).toBe(true);
    expect(await verifyPassword('correct hors', cheap)).toBe(false);
  });
});

describe('jwt tokens', () => {
  const claims = { userId: 'u1', email: 'a@b.c', roles: ['admin'], groups: ['superUsers'], vendorId: 'v1' };

  it('round-trips access claims into an Actor, and keeps access and refresh tokens apart', () => {
    const pair = issueTokens({ secret }, claims);
    expect(verifyAccessToken(secret, pair.token)).toEqual(claims);
    expect(verifyRefreshToken(secret, pair.refresh_token)).toEqual({ userId: 'u1', tokenVersion: 0, session: null });
    expect(verifyRefreshToken(secret, issueTokens({ secret }, { ...claims, tokenVersion: 3 }).refresh_token)).toEqual({ userId: 'u1', tokenVersion: 3, session: null });
    expect(verifyAccessToken(secret, pair.refresh_token)).toBeNull();
    expect(verifyRefreshToken(secret, pair.token)).toBeNull();
    expect(actorOfAuthorization(secret, `Bearer ${pair.token}`)).toEqual({
      userId: 'u1', roles: ['user', 'vendor', 'admin'], groups: ['superUsers'], vendorId: 'v1',
    });
  });

  it("a session's refresh token names its session and id, and the same identity signs the same token again", () => {
    const identity = { sessionId: 's1', tokenId: 't1', issuedAt: Math.floor(Date.now() / 1000) };
    const pair = issueTokens({ secret }, { ...claims, tokenVersion: 1 }, identity);
    expect(verifyRefreshToken(secret, pair.refresh_token)).toEqual({ userId: 'u1', tokenVersion: 1, session: identity });
    expect(issueTokens({ secret }, { ...claims, tokenVersion: 1 }, identity).refresh_token).toBe(pair.refresh_token);
    expect(issueTokens({ secret }, { ...claims, tokenVersion: 1 }, { ...identity, tokenId: 't2' }).refresh_token).not.toBe(pair.refresh_token);
  });

  it('refuses a token signed with another secret, an expired token, and a malformed header', () => {
    const other = issueTokens({ secret: 'another-secret-that-is-long-enough-1' }, claims);
    expect(verifyAccessToken(secret, other.token)).toBeNull();
    const expired = issueTokens({ secret, accessTtlSeconds: -10 }, claims);
    expect(verifyAccessToken(secret, expired.token)).toBeNull();
    expect(actorOfAuthorization(secret, 'Basic abc')).toBeNull();
    expect(actorOfAuthorization(secret, undefined)?.roles).toEqual(['guest']);
  });

  it('checks a token\'s signature once: the same token again is only checked for its expiry', () => {
    const pair = issueTokens({ secret, accessTtlSeconds: 60 }, claims);
    const verifyCalls = vi.spyOn(jwt, 'verify');
    try {
      expect(verifyAccessToken(secret, pair.token)).toEqual(claims);
      expect(verifyAccessToken(secret, pair.token)).toEqual(claims);
      expect(actorOfAuthorization(secret, `Bearer ${pair.token}`)?.userId).toBe('u1');
      expect(verifyCalls).toHaveBeenCalledTimes(1);
      // Under another secret it is another token: checked, and refused.
      expect(verifyAccessToken('another-secret-that-is-long-enough-1', pair.token)).toBeNull();
      // A refused token is not remembered: checked again each time.
      const forged = `${pair.token.slice(0, -2)}xx`;
      expect(verifyAccessToken(secret, forged)).toBeNull();
      expect(verifyAccessToken(secret, forged)).toBeNull();
      expect(verifyCalls).toHaveBeenCalledTimes(4);
      // Once expired, the remembered token is refused too.
      const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
      try {
        expect(verifyAccessToken(secret, pair.token)).toBeNull();
      } finally {
        later.mockRestore();
      }
    } finally {
      verifyCalls.mockRestore();
    }
  });

  it('makes the key object of a secret once, and it verifies tokens signed with the plain secret', () => {
    expect(secretKeyOf(secret)).toBe(secretKeyOf(secret));
    expect(secretKeyOf('another-secret-that-is-long-enough-1')).not.toBe(secretKeyOf(secret));
    // A token issued before the key was cached (jsonwebtoken given the string) stays valid, and back.
    const fromString = jwt.sign({ typ: 'refresh', ver: 2 }, secret, { algorithm: 'HS256', issuer: 'artists-marketplace', subject: 'u1', expiresIn: 60 });
    expect(verifyRefreshToken(secret, fromString)).toEqual({ userId: 'u1', tokenVersion: 2, session: null });
    const pair = issueTokens({ secret: 'ünïcode-secret-that-is-long-enough-✓' }, claims);
    expect(jwt.verify(pair.token, 'ünïcode-secret-that-is-long-enough-✓', { algorithms: ['HS256'] })).toMatchObject({ sub: 'u1', typ: 'access' });
  });
});
