import type { LoadStep } from './load-scenario.ts';

// The order round trip of figures 2 and 13 and of bench/profile-server.ts as load steps: place → pay
// (sandbox card) → approve → complete, the customer's bearer token for the first two, the vendor
// owner's for the last two. `{id}` is the placed order's id (autocannon's per-connection context).

export const SANDBOX_CARD = { cardNumber: '4242424242424242' } as const;

export function orderRoundTrip(options: { prefix: string; productId: string; customerToken: string; vendorToken: string }): LoadStep[] {
  const { prefix, productId, customerToken, vendorToken } = options;
  return [
    { method: 'POST', path: `${prefix}/orders`, body: { productId }, token: customerToken },
    { method: 'POST', path: `${prefix}/orders/{id}/pay`, body: SANDBOX_CARD, token: customerToken },
    { method: 'POST', path: `${prefix}/orders/{id}/approve`, body: {}, token: vendorToken },
    { method: 'POST', path: `${prefix}/orders/{id}/complete`, body: {}, token: vendorToken },
  ];
}
