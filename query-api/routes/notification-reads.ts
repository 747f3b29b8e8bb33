import { z } from 'zod';
import { NotificationsAnswer } from '../answer-schemas.ts';
import type { Filter } from '../../domain/ports/view-store.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape } from '../paging.ts';
import { listPage } from '../list-page.ts';

// The caller's notifications over `notifications`, newest first, with the unread count.
export const myNotifications = readRoute({
  path: '/api/notifications',
  response: NotificationsAnswer,
  summary: "The caller's notifications, newest first, with the unread count",
  tags: ['notifications'],
  auth: 'user',
  query: { ...pagingShape, unread: z.enum(['true', 'false']).optional().describe('true: only unread ones.') },
  async handle({ query, views, actor }) {
    const filter: Filter = { userId: actor.userId };
    if (query.unread === 'true') filter.read = false;
    const [page, unread] = await Promise.all([
      listPage(views, 'notifications', filter, { sort: { at: -1, _id: -1 }, start: query.start, limit: query.limit }),
      views.count('notifications', { userId: actor.userId, read: false }),
    ]);
    return { ...page, unread };
  },
});

export const notificationReads: ReadRoute[] = [myNotifications];
