import { z } from 'zod';
import { notificationDecider, notificationsStream } from '../../domain/notification/decider.ts';
import { Id } from '../../domain/shared/ids.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { WriteResult } from '../write-result.ts';

// The signed-in user marks their notifications read (`notifications-<userId>`).

export function notificationRoutes(deps: CommandDeps): CommandRoute[] {
  const notifications = deps.aggregate(notificationDecider, notificationsStream);

  return [
    defineRoute({
      method: 'post', path: '/api/notifications/:id/read', summary: 'Mark one of my notifications read', tags: ['notifications'], auth: 'user',
      params: z.strictObject({ id: Id }), response: WriteResult,
    }, async ({ params, context }) => {
      const userId = context.actor.userId!;
      const outcome = await notifications.execute(context, userId, {
        type: 'MarkNotificationRead', userId, notificationId: params.id,
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/notifications/read-all', summary: 'Mark every one of my unread notifications read', tags: ['notifications'], auth: 'user',
      response: WriteResult,
    }, async ({ context }) => {
      const userId = context.actor.userId!;
      const outcome = await notifications.execute(context, userId, {
        type: 'MarkAllNotificationsRead', userId,
      });
      return written(userId, outcome);
    }),
  ];
}
