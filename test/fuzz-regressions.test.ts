import { describe, expect, it } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { startFullStack } from './full-stack.ts';

// Requests schemathesis (test/schemathesis.test.ts) answered with a 5xx, each kept as the smallest
// request that did, so the fix cannot regress unseen when the fuzzer's generation changes.
describe('requests the fuzzer found answered 500, now answered 4xx', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);

  it('a phone number dispense with the object-form prefix +0 is 422 naming phoneNumber (the stored form forbids +0)', async () => {
    const path = `/api/artists/vendor/${market.vendor.vendorId}/phone-number`;
    const refused = await stack.api.post(path, { fullName: 'Dana Levi', phoneNumber: { prefix: '+0', number: '343136195' } });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual(['phoneNumber']);

    const given = await stack.api.post(path, { fullName: 'Dana Levi', phoneNumber: { prefix: '+972', number: '501234567' } });
    expect(given.status).toBe(201);
  });
});
