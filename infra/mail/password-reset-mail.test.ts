import { describe, expect, it } from 'vitest';
import { passwordResetLink, passwordResetMail } from './password-reset-mail.ts';

describe('password reset mail', () => {
  const message = { to: 'dana@example.com', fullName: 'Dana <Cohen>', token: 'u1.secret-token_value', expiresAt: '2026-11-23T11:00:00.000Z', at: '2026-11-23T10:00:00.000Z' };

  it('links the reset page in the language of the mail, the token escaped into the address', () => {
    expect(passwordResetLink('https://habama.example/', { ...message, locale: 'he-IL' })).toBe('https://habama.example/user/password/reset?token=u1.secret-token_value');
    expect(passwordResetLink('https://habama.example', { ...message, locale: 'en-US' })).toBe('https://habama.example/en/user/password/reset?token=u1.secret-token_value');
  });

  it('writes Hebrew right to left and English left to right, with the name escaped in HTML', () => {
    const hebrew = passwordResetMail({ ...message, locale: 'he-IL' }, 'https://habama.example');
    expect(hebrew).toMatchObject({ to: 'dana@example.com', subject: 'איפוס הסיסמה שלך בהבמה' });
    expect(hebrew.html).toContain('dir="rtl"');
    expect(hebrew.html).toContain('Dana &lt;Cohen&gt;');
    expect(hebrew.text).toContain('https://habama.example/user/password/reset?token=u1.secret-token_value');
    const english = passwordResetMail({ ...message, locale: 'en-US' }, 'https://habama.example');
    expect(english.subject).toBe('Reset your HaBama password');
    expect(english.html).toContain('dir="ltr"');
  });
});
