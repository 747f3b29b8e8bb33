import { HttpProblem } from '../infra/http/problem.ts';

// Slows down password guessing (DESIGN §6 lists 429): after `maxFailures` failed sign-ins for one
// e-mail address within `windowMs`, further attempts for it are refused with 429 until the window
// has passed; a successful sign-in clears the count. In memory, per process: enough for one embedded
// process; a distributed deployment puts a shared limiter (or the proxy's) in front.
export interface LoginThrottle {
  /** Throws 429 while the address is locked out. */
  check(email: string, now: number): void;
  failed(email: string, now: number): void;
  succeeded(email: string): void;
}

export function createLoginThrottle(options: { maxFailures?: number; windowMs?: number; maxTracked?: number } = {}): LoginThrottle {
  const maxFailures = options.maxFailures ?? 10;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const maxTracked = options.maxTracked ?? 100_000;
  const failures = new Map<string, number[]>();
  const recent = (email: string, now: number) => (failures.get(email) ?? []).filter((t) => now - t < windowMs);

  return {
    check(email, now) {
      const times = recent(email, now);
      if (times.length >= maxFailures) {
        const retryAfterSeconds = Math.ceil((times[0]! + windowMs - now) / 1000);
        throw new HttpProblem(429, 'Too many attempts', {
          code: 'auth.too-many-attempts', detail: 'Too many failed sign-ins for this address. Try again later.', retryAfterSeconds,
        });
      }
    },
    failed(email, now) {
      if (!failures.has(email) && failures.size >= maxTracked) failures.delete(failures.keys().next().value!);
      failures.set(email, [...recent(email, now), now]);
    },
    succeeded(email) {
      failures.delete(email);
    },
  };
}
