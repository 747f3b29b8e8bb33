import { UnreadCountsAnswer } from '../answer-schemas.ts';
import type { Filter, ViewDocument } from '../../domain/ports/view-store.ts';
import { partiesOf } from '../../domain/shared/actor.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';

// The header badges' numbers in one small read, so every signed-in page can show them without
// loading the notification and conversation lists: unread notifications, and messages from the other
// side not read yet over every conversation where the caller is the customer or the vendor (with how
// many conversations hold them).
export const myUnreadCounts = readRoute({
  path: '/api/unread-counts',
  response: UnreadCountsAnswer,
  summary: "The caller's unread notifications and unread conversation messages (header badges)",
  tags: ['notifications', 'conversations'],
  auth: 'user',
  async handle({ views, actor }) {
    const sides: Filter[] = [{ customerId: actor.userId, 'unread.customer': { $gt: 0 } }];
    if (actor.vendorId) sides.push({ vendorId: actor.vendorId, 'unread.vendor': { $gt: 0 } });
    const [notifications, withUnread] = await Promise.all([
      views.count('notifications', { userId: actor.userId, read: false }),
      views.find<ViewDocument & { customerId: string; vendorId: string; unread: { customer: number; vendor: number } }>('conversations', sides.length === 1 ? sides[0]! : { $or: sides }),
    ]);
    let messages = 0;
    for (const conversation of withUnread) {
      const parties = partiesOf(actor, conversation);
      if (parties.includes('customer')) messages += conversation.unread.customer;
      if (parties.includes('vendor')) messages += conversation.unread.vendor;
    }
    return { notifications, messages, conversations: withUnread.length };
  },
});

export const unreadCountReads: ReadRoute[] = [myUnreadCounts];
