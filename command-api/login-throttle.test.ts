import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../infra/http/problem.ts';
import { createLoginThrottle } from './login-throttle.ts';

describe('login throttle', () => {
  it('locks an address after maxFailures within the window, unlocks after it, and resets on success', () => {
    const throttle = createLoginThrottle({ maxFailures: 3, windowMs: 1000 });
    for (const t of [0, 100, 200]) throttle.failed('a@x', t);
    expect(() => throttle.check('a@x', 300)).toThrow(HttpProblem);
    expect(() => throttle.check('b@x', 300)).not.toThrow();
    expect(() => throttle.check('a@x', 1001)).not.toThrow();
    throttle.failed('c@x', 0);
    throttle.failed('c@x', 1);
    throttle.succeeded('c@x');
    throttle.failed('c@x', 2);
    expect(() => throttle.check('c@x', 3)).not.toThrow();
  });
});
