import { describe, expect, it } from 'vitest';
import { vouchForClientAddress, vouchedClientAddress } from './client-address.ts';

const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('vouched client address', () => {
  it('believes a header signed with the secret, within a minute', () => {
    const now = 1_800_000_000_000;
    const header = vouchForClientAddress(secret, '203.0.113.7', now);
    expect(vouchedClientAddress(secret, header, now)).toBe('203.0.113.7');
    expect(vouchedClientAddress(secret, header, now + 59_000)).toBe('203.0.113.7');
    expect(vouchedClientAddress(secret, header, now + 61_000)).toBeNull();
  });

  it('refuses another secret, a changed address, garbage and nothing', () => {
    const header = vouchForClientAddress(secret, '2001:db8::1');
    expect(vouchedClientAddress(secret, header)).toBe('2001:db8::1');
    expect(vouchedClientAddress('another-secret-of-thirty-two-characters!', header)).toBeNull();
    expect(vouchedClientAddress(secret, header.replace('2001:db8::1', '2001:db8::2'))).toBeNull();
    for (const bad of [undefined, '', 'x', '1.2.3.4 1 sig', `${header} extra`, ['a', 'b']]) expect(vouchedClientAddress(secret, bad)).toBeNull();
  });
});
