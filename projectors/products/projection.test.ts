import { describe, expect, it } from 'vitest';
import { productsProjection, type ProductView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';
import type { AnyDomainEvent } from '../../domain/events.ts';
import { indexTokens } from '../../domain/shared/search-text.ts';
import { productDetails } from '../testing/domain-fixtures.ts';

describe('products view', () => {
  it('keeps the latest details of a product and its first creation time', () => {
    const docs = fold<ProductView>(productsProjection, [
      recorded('product-p1', { type: 'ProductCreated', data: { productId: 'p1', vendorId: 'v1', details: productDetails(), at: '2026-01-01T00:00:00.000Z' } }),
      recorded('product-p1', { type: 'ProductUpdated', data: { productId: 'p1', vendorId: 'v1', details: productDetails({ type: 'timedService', serviceDuration: 90, name: { en: 'Long show' } }), at: '2026-01-02T00:00:00.000Z' } }),
    ]);
    expect(docs.p1).toMatchObject({
      productId: 'p1', vendorId: 'v1', type: 'timedService', serviceDuration: 90, name: { en: 'Long show' }, introImage: null,
      featured: false, images: [], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z',
    });
  });

  it('keeps intro text and information per language, and searches the words of both', () => {
    const details = productDetails({ introText: { he: 'מופע קסמים לילדים', en: 'Magic for children' }, information: { he: '<p>כולל <b>בלונים</b></p>', en: '<p>Balloons included</p>' } });
    const docs = fold<ProductView>(productsProjection, [
      recorded('product-p3', { type: 'ProductCreated', data: { productId: 'p3', vendorId: 'v1', details, at: '2026-01-01T00:00:00.000Z' } }),
    ]);
    expect(docs.p3).toMatchObject({ introText: details.introText, information: details.information });
    expect(docs.p3!.searchTokens).toEqual(expect.arrayContaining(indexTokens('קסמים magic בלונים balloons')));
  });

  it('reads a product recorded when intro text and information were one text as that text in its language', () => {
    const docs = fold<ProductView>(productsProjection, [
      recorded('product-p4', { type: 'ProductCreated', data: { productId: 'p4', vendorId: 'v1', details: { ...productDetails(), introText: 'Two hours of live music', information: '<p>שעתיים</p>' }, at: '2026-01-01T00:00:00.000Z' } } as unknown as AnyDomainEvent),
    ]);
    expect(docs.p4).toMatchObject({ introText: { en: 'Two hours of live music' }, information: { he: '<p>שעתיים</p>' } });
  });

  it('keeps the payment terms with what they come to on the price, and the defaults for a product without terms (issue 26)', () => {
    const paymentTerms = { deposit: { kind: 'percent' as const, percent: 30 }, balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' as const }, maxInstalments: 6 };
    const custom = { kind: 'custom' as const, schedule: [{ daysBefore: 10, percent: 20 }, { daysBefore: 45, percent: 90 }] };
    const docs = fold<ProductView>(productsProjection, [
      recorded('product-p5', { type: 'ProductCreated', data: { productId: 'p5', vendorId: 'v1', details: productDetails({ price: { amountMinor: 333_333, currency: 'ILS' }, paymentTerms }), at: '2026-01-01T00:00:00.000Z' } }),
      recorded('product-p6', { type: 'ProductCreated', data: { productId: 'p6', vendorId: 'v1', details: productDetails(), at: '2026-01-01T00:00:00.000Z' } }),
      recorded('product-p6', { type: 'ProductUpdated', data: { productId: 'p6', vendorId: 'v1', details: productDetails({ paymentTerms: { ...paymentTerms, deposit: { kind: 'amount', amount: { amountMinor: 50_000, currency: 'ILS' } }, cancellationPolicy: custom } }), at: '2026-01-02T00:00:00.000Z' } }),
      recorded('product-p7', { type: 'ProductCreated', data: { productId: 'p7', vendorId: 'v1', details: productDetails(), at: '2026-01-01T00:00:00.000Z' } }),
    ]);
    // 30% of ₪3,333.33 rounded down to the agora; the balance is the rest.
    expect(docs.p5!.paymentTerms).toEqual({
      ...paymentTerms, depositDue: { amountMinor: 99_999, currency: 'ILS' }, balance: { amountMinor: 233_334, currency: 'ILS' },
      refundSchedule: [{ daysBefore: 30, percent: 100 }, { daysBefore: 14, percent: 50 }],
    });
    expect(docs.p6!.paymentTerms).toMatchObject({
      cancellationPolicy: custom, depositDue: { amountMinor: 50_000 }, balance: { amountMinor: 100_000 },
      refundSchedule: [{ daysBefore: 45, percent: 90 }, { daysBefore: 10, percent: 20 }],
    });
    expect(docs.p7!.paymentTerms).toEqual({
      deposit: { kind: 'none' }, balanceDueDays: 0, cancellationPolicy: { kind: 'flexible' }, maxInstalments: 1,
      depositDue: { amountMinor: 150_000, currency: 'ILS' }, balance: { amountMinor: 0, currency: 'ILS' },
      refundSchedule: [{ daysBefore: 7, percent: 100 }, { daysBefore: 2, percent: 50 }],
    });
  });

  it('deletes a removed product', () => {
    const docs = fold<ProductView>(productsProjection, [
      recorded('product-p2', { type: 'ProductCreated', data: { productId: 'p2', vendorId: 'v1', details: productDetails(), at: '2026-01-01T00:00:00.000Z' } }),
      recorded('product-p2', { type: 'ProductRemoved', data: { productId: 'p2', vendorId: 'v1', at: '2026-01-03T00:00:00.000Z' } }),
    ]);
    expect(docs.p2).toBeUndefined();
  });
});
