import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Passwords are hashed with scrypt (node:crypto) and a random 16-byte salt. The stored form carries
// its parameters, so they can be raised later without breaking existing hashes:
//   scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>
const KEY_LENGTH = 64;
/** scrypt's cost parameters: N (CPU and memory), r (block size), p (parallelism). */
export interface PasswordHashCost { N: number; r: number; p: number }
export const DEFAULT_PASSWORD_HASH_COST: PasswordHashCost = { N: 16384, r: 8, p: 1 };

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: PasswordHashCost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await scryptAsync(password, Buffer.from(parts[4]!, 'base64url'), { N, r, p });
  return timingSafeEqual(actual, expected);
}
