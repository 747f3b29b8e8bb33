import { describe, expect, it } from 'vitest';
import { vendorIdOf } from './vendor-responses.ts';

describe('vendorIdOf', () => {
  it('reads what /"vendorId":"([A-Za-z0-9_-]+)"/ matches in a card text', () => {
    const pattern = /"vendorId":"([A-Za-z0-9_-]+)"/;
    const cards = [
      '{"vendorId":"bench-vendor-12","name":{"he":"אמן"}}',
      '{"name":{"he":"אמן"},"vendorId":"v_1-A"}',
      '{"vendorId":"","other":{"vendorId":"inner"}}',
      '{"vendorId":"a b","vendorId":"c"}',
      '{"vendorId":"abc',
      '{"name":"no id"}',
      '{"vendorId":"ok"}',
    ];
    for (const card of cards) expect(vendorIdOf(card)).toBe(pattern.exec(card)?.[1] ?? '');
  });
});
