import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import { appendEvent } from './testing/append-event.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { noticesOf } from './recipients.ts';
import { notificationTarget } from '../web/app/notification-target.ts';

// An artist's reply to a review (docs/reviews.md): the review's customer hears of it, with the artist's
// name in both languages and the reply's beginning; nobody hears of the review itself nor of its hiding.
const at = '2026-11-21T10:00:00.000Z';

describe('review reply notices', () => {
  let store: EventStore;
  const append = (streamId: string, type: string, data: unknown): Promise<RecordedEvent> => appendEvent(store, streamId, type, data, at);

  beforeAll(async () => {
    store = await openSqliteEventStore({ path: ':memory:' });
    await append('vendor-v1', 'VendorCreated', { vendorId: 'v1', ownerUserId: 'noa', profile: { name: { he: 'נועה כהן', en: 'Noa Cohen' } }, at });
  });
  afterAll(async () => store.close());

  it('tells the customer when the artist replies, leading to their reviews', async () => {
    const posted = await append('review-o1', 'ReviewPosted', { orderId: 'o1', vendorId: 'v1', customerId: 'dana', rating: 5, text: 'Great', at });
    expect(await noticesOf(posted, store)).toEqual([]);
    const replied = await append('review-o1', 'ReviewReplied', { orderId: 'o1', vendorId: 'v1', customerId: 'dana', text: 'Thank you, Dana!', by: 'vendor', at });
    const notices = await noticesOf(replied, store);
    expect(notices).toEqual([{
      userId: 'dana', kind: 'review.replied',
      subject: { orderId: 'o1', vendorId: 'v1', audience: 'customer', revision: '1' },
      params: { orderId: 'o1', vendorNameHe: 'נועה כהן', vendorNameEn: 'Noa Cohen', preview: 'Thank you, Dana!' },
    }]);
    expect(notificationTarget(notices[0]!, null)).toEqual({ path: '/user/dashboard/reviews', labelKey: 'notifications.openReviews' });
    const hidden = await append('review-o1', 'ReviewRemoved', { orderId: 'o1', vendorId: 'v1', previousRating: 5, reason: 'Spam', at });
    expect(await noticesOf(hidden, store)).toEqual([]);
  });
});
