import { describe, expect, it } from 'vitest';
import { productDetails } from './testing/fixtures.ts';
import { useTestMarketplace } from './testing/marketplace.ts';

// A product's payment terms over HTTP (issue 26, docs/payments.md "Payment terms on a product"): the
// write API takes them, records them on the product's stream, and answers bad terms with a 422
// problem naming the failing field — the schema's fields and the decider's refusal alike.
describe('product payment terms over HTTP', () => {
  const { app, m } = useTestMarketplace();

  const terms = {
    deposit: { kind: 'percent', percent: 30 }, balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' }, maxInstalments: 6,
  } as const;

  const fieldsOf = (answer: { body: { errors?: { field: string }[] } }) => (answer.body.errors ?? []).map((error) => error.field);

  async function expect422(body: unknown, field: string, code = 'validation') {
    const headBefore = await app.eventStore.headPosition();
    const answer = await app.api.post('/api/vendor/products', body, m.vendor.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(answer.body.code).toBe(code);
    expect(fieldsOf(answer)).toContain(field);
    expect(await app.eventStore.headPosition()).toBe(headBefore);
    return answer;
  }

  it('records the terms a vendor sets on a product, and changes them with the product', async () => {
    const created = await app.api.post('/api/vendor/products', { details: { ...productDetails('timedService', 2000), paymentTerms: terms } }, m.vendor.token);
    expect(created.status).toBe(201);
    const custom = { ...terms, deposit: { kind: 'amount', amount: { amountMinor: 50_000, currency: 'ILS' } }, cancellationPolicy: { kind: 'custom', schedule: [{ daysBefore: 45, percent: 90 }, { daysBefore: 10, percent: 25 }] } };
    const updated = await app.api.put(`/api/vendor/products/${created.body.id}`, { details: { ...productDetails('timedService', 2000), paymentTerms: custom } }, m.vendor.token);
    expect(updated.status).toBe(200);
    const events = await app.eventStore.readStream(`product-${created.body.id}`);
    expect(events.map((event) => (event.data as { details: { paymentTerms?: unknown } }).details.paymentTerms)).toEqual([terms, custom]);
  });

  it('names the failing field of terms the schema refuses', async () => {
    const details = (paymentTerms: unknown) => ({ details: { ...productDetails(), paymentTerms } });
    await expect422(details({ ...terms, deposit: { kind: 'percent', percent: 130 } }), 'details.paymentTerms.deposit.percent');
    await expect422(details({ ...terms, deposit: { kind: 'amount', amount: { amountMinor: 10.5, currency: 'ILS' } } }), 'details.paymentTerms.deposit.amount.amountMinor');
    await expect422(details({ ...terms, balanceDueDays: -1 }), 'details.paymentTerms.balanceDueDays');
    await expect422(details({ ...terms, maxInstalments: 13 }), 'details.paymentTerms.maxInstalments');
    await expect422(details({ ...terms, maxInstalments: 0 }), 'details.paymentTerms.maxInstalments');
    await expect422(details({ ...terms, cancellationPolicy: { kind: 'custom', schedule: [{ daysBefore: 30, percent: 101 }] } }), 'details.paymentTerms.cancellationPolicy.schedule.0.percent');
    await expect422(details({ ...terms, cancellationPolicy: { kind: 'custom', schedule: [] } }), 'details.paymentTerms.cancellationPolicy.schedule');
    await expect422(details({ ...terms, cancellationPolicy: { kind: 'lenient' } }), 'details.paymentTerms.cancellationPolicy.kind');
  });

  it("names the field of the decider's refusal: a deposit over the price, a schedule naming a day twice", async () => {
    const over = await expect422({
      details: { ...productDetails('default', 1000), paymentTerms: { ...terms, deposit: { kind: 'amount', amount: { amountMinor: 100_001, currency: 'ILS' } } } },
    }, 'details.paymentTerms.deposit.amount', 'product.payment-terms-invalid');
    expect(over.body.errors).toEqual([{ field: 'details.paymentTerms.deposit.amount', message: 'The deposit cannot be more than the price.' }]);
    const twice = { kind: 'custom', schedule: [{ daysBefore: 30, percent: 100 }, { daysBefore: 14, percent: 50 }, { daysBefore: 30, percent: 20 }] };
    await expect422({ details: { ...productDetails(), paymentTerms: { ...terms, cancellationPolicy: twice } } },
      'details.paymentTerms.cancellationPolicy.schedule.2.daysBefore', 'product.payment-terms-invalid');
    // The same refusal on an update.
    const answer = await app.api.put(`/api/vendor/products/${m.products.default}`, {
      details: { ...productDetails('default', 1000), paymentTerms: { ...terms, deposit: { kind: 'amount', amount: { amountMinor: 0, currency: 'ILS' } } } },
    }, m.vendor.token);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'product.payment-terms-invalid', errors: [{ field: 'details.paymentTerms.deposit.amount' }] });
  });
});
