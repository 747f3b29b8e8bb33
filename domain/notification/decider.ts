import { Map as PersistentMap, OrderedMap } from 'immutable';
import type { Decider } from '../shared/decider.ts';
import { refuse } from '../shared/refusal.ts';
import type { NotificationCommand } from './commands.ts';
import type { NotificationEvent } from './events.ts';
import { streamOf } from '../shared/ids.ts';

// A user's notifications (stream `notifications-<userId>`). Only the product itself creates them,
// once per source event, so a retried job adds nothing; the user marks their own as read. An inbox
// grows with every notification, so its lookups are persistent maps (immutable's): a notification adds
// an entry and shares the rest with the state before, where copying made each cost the inbox's length.
export type NotificationsState = {
  /** notificationId -> read or not, in the order they were created. */
  readById: OrderedMap<string, boolean>;
  /** sourceEventId -> the notification it caused. */
  bySourceEvent: PersistentMap<string, string>;
};

/** The stream of a user's notifications (`notifications-<userId>`). */
export const notificationsStream = streamOf('notifications');

export const notificationDecider: Decider<NotificationsState, NotificationCommand, NotificationEvent> = {
  initialState: { readById: OrderedMap(), bySourceEvent: PersistentMap() },

  evolve(state, event) {
    switch (event.type) {
      case 'NotificationCreated':
        return {
          readById: state.readById.set(event.data.notificationId, false),
          bySourceEvent: state.bySourceEvent.set(event.data.sourceEventId, event.data.notificationId),
        };
      case 'NotificationRead':
        return { ...state, readById: state.readById.set(event.data.notificationId, true) };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateNotification': {
        if (!command.actor.roles.includes('system')) {
          refuse('forbidden', 'notification.forbidden', 'Notifications are created by the product only.');
        }
        if (state.bySourceEvent.has(command.sourceEventId)) return [];
        if (state.readById.has(command.notificationId)) {
          refuse('conflict', 'notification.id-taken', 'Another notification already has this id.');
        }
        const { userId, notificationId, kind, subject, params, sourceEventId, at } = command;
        return [{ type: 'NotificationCreated', data: { userId, notificationId, kind, subject, params, sourceEventId, at } }];
      }
      case 'MarkNotificationRead': {
        if (command.actor.userId === null || command.actor.userId !== command.userId) {
          refuse('forbidden', 'notification.forbidden', 'Only the recipient may mark a notification as read.');
        }
        if (!state.readById.has(command.notificationId)) {
          refuse('not_found', 'notification.not-found', 'This notification does not exist.');
        }
        if (state.readById.get(command.notificationId)) return [];
        return [{ type: 'NotificationRead', data: { userId: command.userId, notificationId: command.notificationId, at: command.at } }];
      }
      case 'MarkAllNotificationsRead': {
        if (command.actor.userId === null || command.actor.userId !== command.userId) {
          refuse('forbidden', 'notification.forbidden', 'Only the recipient may mark notifications as read.');
        }
        return [...state.readById]
          .filter(([, isRead]) => !isRead)
          .map(([notificationId]) => ({ type: 'NotificationRead' as const, data: { userId: command.userId, notificationId, at: command.at } }));
      }
    }
  },
};
