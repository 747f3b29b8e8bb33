import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from './activation-mailer.ts';

const message = (to: string, token: string) => ({ to, userId: 'u', fullName: 'U', locale: 'he-IL' as const, token, at: '2030-01-01T00:00:00Z' });

describe('outbox mailer', () => {
  it('finds the newest token per address, keeps only the newest messages, and logs no token unless asked', async () => {
    const lines: string[] = [];
    const mailer = createOutboxMailer((line) => lines.push(line), { capacity: 2 });
    await mailer.sendActivation(message('a@x.com', 'first'));
    await mailer.sendActivation(message('A@x.com', 'second'));
    await mailer.sendActivation(message('b@x.com', 'third'));
    expect(mailer.tokenFor('a@X.com')).toBe('second');
    expect(mailer.outbox).toHaveLength(2);
    expect(lines.join('\n')).not.toMatch(/first|second|third/);

    const dev: string[] = [];
    await createOutboxMailer((line) => dev.push(line), { logActivationLinks: true }).sendActivation(message('c@x.com', 'u.tok'));
    expect(dev).toEqual(['activation link for c@x.com: /user/activate?token=u.tok']);
  });
});
