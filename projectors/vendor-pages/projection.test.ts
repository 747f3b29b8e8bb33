import { describe, expect, it } from 'vitest';
import { vendorPagesProjection, type VendorPage } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';
import type { AnyDomainEvent } from '../../domain/events.ts';
import { productDetails, vendorProfile } from '../testing/domain-fixtures.ts';

const at = '2026-02-01T09:00:00.000Z';

describe('vendor pages view', () => {
  it('holds the profile, the owner, live products and the reviews summary', () => {
    const docs = fold<VendorPage>(vendorPagesProjection, [
      recorded('vendor-v1', { type: 'VendorCreated', data: { vendorId: 'v1', ownerUserId: null, profile: vendorProfile(), at } }),
      recorded('vendor-v1', { type: 'VendorOwnerAssigned', data: { vendorId: 'v1', ownerUserId: 'u7', at } }),
      recorded('product-p1', { type: 'ProductCreated', data: { productId: 'p1', vendorId: 'v1', details: productDetails({ featured: true, introImage: 'https://m/1.jpg' }), at } }),
      recorded('product-p2', { type: 'ProductCreated', data: { productId: 'p2', vendorId: 'v1', details: productDetails(), at } }),
      recorded('product-p2', { type: 'ProductRemoved', data: { productId: 'p2', vendorId: 'v1', at } }),
      recorded('review-o1', { type: 'ReviewPosted', data: { orderId: 'o1', vendorId: 'v1', customerId: 'c1', rating: 5, text: '', at } }),
      recorded('review-o2', { type: 'ReviewPosted', data: { orderId: 'o2', vendorId: 'v1', customerId: 'c2', rating: 2, text: '', at } }),
    ]);
    const page = docs.v1!;
    expect(page.ownerUserId).toBe('u7');
    expect(page.profile?.videos).toEqual([{ youtubeId: 'dQw4w9WgXcQ', description: { en: 'live' } }]);
    expect(page.profile?.generalInfo).toEqual([{ title: { en: 'Setup' }, content: { en: '30 minutes' } }]);
    expect(Object.keys(page.products)).toEqual(['p1']);
    expect(page.products.p1).toMatchObject({ featured: true, introImage: 'https://m/1.jpg', price: { amountMinor: 150_000, currency: 'ILS' } });
    expect(page.reviewsSummary).toEqual({ count: 2, avg: 3.5, distribution: { '1': 0, '2': 1, '3': 0, '4': 0, '5': 1 } });
  });

  it('reads a profile and products recorded when about, general info and intro texts were one text, per language', () => {
    const before = { ...vendorProfile(), about: '<p>להקה לחתונות</p>', generalInfo: [{ title: 'ציוד', content: 'Sound for 300 guests' }] };
    const docs = fold<VendorPage>(vendorPagesProjection, [
      recorded('vendor-v9', { type: 'VendorCreated', data: { vendorId: 'v9', ownerUserId: null, profile: before, at } } as unknown as AnyDomainEvent),
      recorded('product-p9', { type: 'ProductCreated', data: { productId: 'p9', vendorId: 'v9', details: { ...productDetails(), introText: 'הופעה חיה' }, at } } as unknown as AnyDomainEvent),
    ]);
    expect(docs.v9!.profile?.about).toEqual({ he: '<p>להקה לחתונות</p>' });
    expect(docs.v9!.profile?.generalInfo).toEqual([{ title: { he: 'ציוד' }, content: { en: 'Sound for 300 guests' } }]);
    expect(docs.v9!.products.p9?.introText).toEqual({ he: 'הופעה חיה' });
  });

  it("reads captions recorded as one text per language, and a caption written anew in both (version 4)", () => {
    const before = { ...vendorProfile(), images: [{ url: '/media/a/a.webp', description: 'הלהקה על הבמה' }], videos: [] };
    const docs = fold<VendorPage>(vendorPagesProjection, [
      recorded('vendor-v8', { type: 'VendorCreated', data: { vendorId: 'v8', ownerUserId: null, profile: before, at } } as unknown as AnyDomainEvent),
      recorded('vendor-v8', { type: 'VendorMediaAdded', data: { vendorId: 'v8', media: { kind: 'youtube', youtubeId: 'dQw4w9WgXcQ', description: 'Live in Haifa' }, at } } as unknown as AnyDomainEvent),
      recorded('vendor-v8', { type: 'VendorMediaDescribed', data: { vendorId: 'v8', kind: 'photo', key: '/media/a/a.webp', description: { he: 'הלהקה על הבמה', en: 'The band on stage' }, at } }),
    ]);
    // Captions are bilingual from version 4; payment terms came with 5.
    expect(vendorPagesProjection.version).toBe(5);
    expect(docs.v8!.profile?.images).toEqual([{ url: '/media/a/a.webp', description: { he: 'הלהקה על הבמה', en: 'The band on stage' } }]);
    expect(docs.v8!.profile?.videos).toEqual([{ youtubeId: 'dQw4w9WgXcQ', description: { en: 'Live in Haifa' } }]);
  });

  it("keeps each product's payment terms as the customer chooses (issue 26)", () => {
    const paymentTerms = { deposit: { kind: 'percent' as const, percent: 25 }, balanceDueDays: 7, cancellationPolicy: { kind: 'strict' as const }, maxInstalments: 3 };
    const docs = fold<VendorPage>(vendorPagesProjection, [
      recorded('vendor-v3', { type: 'VendorCreated', data: { vendorId: 'v3', ownerUserId: null, profile: vendorProfile(), at } }),
      recorded('product-p3', { type: 'ProductCreated', data: { productId: 'p3', vendorId: 'v3', details: productDetails({ paymentTerms }), at } }),
      recorded('product-p4', { type: 'ProductCreated', data: { productId: 'p4', vendorId: 'v3', details: productDetails(), at } }),
    ]);
    expect(docs.v3!.products.p3!.paymentTerms).toEqual({
      ...paymentTerms, depositDue: { amountMinor: 37_500, currency: 'ILS' }, balance: { amountMinor: 112_500, currency: 'ILS' }, refundSchedule: [{ daysBefore: 60, percent: 50 }],
    });
    expect(docs.v3!.products.p4!.paymentTerms).toMatchObject({ deposit: { kind: 'none' }, cancellationPolicy: { kind: 'flexible' }, maxInstalments: 1 });
  });

  it('marks an archived vendor with the reason', () => {
    const docs = fold<VendorPage>(vendorPagesProjection, [
      recorded('vendor-v2', { type: 'VendorCreated', data: { vendorId: 'v2', ownerUserId: 'u1', profile: vendorProfile(), at } }),
      recorded('vendor-v2', { type: 'VendorArchived', data: { vendorId: 'v2', reason: 'retired', at } }),
    ]);
    expect(docs.v2).toMatchObject({ archived: true, archivedReason: 'retired' });
    const back = fold<VendorPage>(vendorPagesProjection, [
      recorded('vendor-v2', { type: 'VendorUnarchived', data: { vendorId: 'v2', at } }),
    ], docs);
    expect(back.v2).toMatchObject({ archived: false, archivedReason: null });
  });

  it('replacing a review of the same order does not add a second rating', () => {
    const docs = fold<VendorPage>(vendorPagesProjection, [
      recorded('review-o1', { type: 'ReviewPosted', data: { orderId: 'o1', vendorId: 'v3', customerId: 'c1', rating: 1, text: '', at } }),
      recorded('review-o1', { type: 'ReviewRemoved', data: { orderId: 'o1', vendorId: 'v3', previousRating: 1, reason: 'x', at } }),
      recorded('review-o1', { type: 'ReviewPosted', data: { orderId: 'o1', vendorId: 'v3', customerId: 'c1', rating: 4, text: '', at } }),
    ]);
    expect(docs.v3?.reviewsSummary).toMatchObject({ count: 1, avg: 4 });
    expect(docs.v3?.profile).toBeNull();
  });

  it('the reviews summary follows an edited rating and drops a withdrawn one', () => {
    const docs = fold<VendorPage>(vendorPagesProjection, [
      recorded('review-r1', { type: 'ReviewPosted', data: { orderId: 'r1', vendorId: 'v4', customerId: 'c1', rating: 3, text: '', at } }),
      recorded('review-r2', { type: 'ReviewPosted', data: { orderId: 'r2', vendorId: 'v4', customerId: 'c2', rating: 5, text: '', at } }),
      recorded('review-r1', { type: 'ReviewEdited', data: { orderId: 'r1', vendorId: 'v4', customerId: 'c1', rating: 1, previousRating: 3, text: 'worse', at } }),
      recorded('review-r2', { type: 'ReviewWithdrawn', data: { orderId: 'r2', vendorId: 'v4', customerId: 'c2', previousRating: 5, at } }),
    ]);
    expect(docs.v4?.reviewsSummary).toEqual({ count: 1, avg: 1, distribution: { '1': 1, '2': 0, '3': 0, '4': 0, '5': 0 } });
    // Counts per star, not each order's rating.
    expect(docs.v4).not.toHaveProperty('ratings');
  });
});
