import { describe, expect, it } from 'vitest';
import { spec } from '../shared/decider-spec.ts';
import type { Actor } from '../shared/actor.ts';
import { ConversationEvent } from './events.ts';
import type { ConversationCommand } from './commands.ts';
import { conversationDecider, unreadCount } from './decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const customer: Actor = { userId: 'u-customer', roles: ['user'], groups: [], vendorId: null };
const vendorOwner: Actor = { userId: 'u-vendor', roles: ['user', 'vendor'], groups: [], vendorId: 'v-1' };
const admin: Actor = { userId: 'u-admin', roles: ['user', 'admin'], groups: [], vendorId: null };
const stranger: Actor = { userId: 'u-stranger', roles: ['user', 'vendor'], groups: [], vendorId: 'v-2' };

const open = (actor: Actor = customer, fields: Partial<{ customerId: string; vendorId: string }> = {}): ConversationCommand => ({
  type: 'OpenConversation', actor, at, conversationId: 'c-1', customerId: 'u-customer', vendorId: 'v-1', ...fields,
});
const postMessage = (actor: Actor, messageId = 'm-1', text = 'Are you free on Dec 1?'): ConversationCommand => ({
  type: 'PostMessage', actor, at, conversationId: 'c-1', messageId, text,
});
const markRead = (actor: Actor, upToMessageId = 'm-1'): ConversationCommand => ({ type: 'MarkConversationRead', actor, at, conversationId: 'c-1', upToMessageId });

const opened: ConversationEvent = { type: 'ConversationOpened', data: { conversationId: 'c-1', customerId: 'u-customer', vendorId: 'v-1', at } };
const customerWrote: ConversationEvent = {
  type: 'MessagePosted', data: { conversationId: 'c-1', messageId: 'm-1', authorId: 'u-customer', side: 'customer', text: 'Are you free on Dec 1?', at },
};
const vendorWrote: ConversationEvent = {
  type: 'MessagePosted', data: { conversationId: 'c-1', messageId: 'm-2', authorId: 'u-vendor', side: 'vendor', text: 'Yes!', at },
};

describe('conversation decider: OpenConversation', () => {
  it('the customer opens a conversation with a vendor', () => {
    spec(conversationDecider).given([]).when(open()).then([opened]);
  });
  it('opening an open conversation decides nothing', () => {
    spec(conversationDecider).given([opened]).when(open()).then([]);
  });
  it('an id already used by another pair is a conflict', () => {
    spec(conversationDecider).given([opened]).when(open({ ...customer, userId: 'u-x' }, { customerId: 'u-x' })).thenRefused('conversation.id-taken');
  });
  it('not with your own vendor', () => {
    const refusal = spec(conversationDecider).given([]).when(open(vendorOwner, { customerId: 'u-vendor' })).thenRefused('conversation.own-vendor');
    expect(refusal.kind).toBe('forbidden');
  });
  it('only for yourself', () => {
    spec(conversationDecider).given([]).when(open(stranger)).thenRefused('conversation.forbidden');
  });
});

describe('conversation decider: PostMessage', () => {
  it('the customer writes as the customer side', () => {
    const [event] = spec(conversationDecider).given([opened]).when(postMessage(customer, 'm-1', '  Are you free on Dec 1?  ')).then([customerWrote]);
    expect(ConversationEvent.parse(event)).toEqual(event);
  });
  it("the vendor's owner writes as the vendor side", () => {
    spec(conversationDecider).given([opened, customerWrote]).when(postMessage(vendorOwner, 'm-2', 'Yes!')).then([vendorWrote]);
  });
  it('others, admins included, are forbidden', () => {
    expect(spec(conversationDecider).given([opened]).when(postMessage(stranger)).thenRefused('conversation.forbidden').kind).toBe('forbidden');
    spec(conversationDecider).given([opened]).when(postMessage(admin)).thenRefused('conversation.forbidden');
  });
  it('a conversation that was never opened is not found', () => {
    expect(spec(conversationDecider).given([]).when(postMessage(customer)).thenRefused('conversation.not-found').kind).toBe('not_found');
  });
  it('posting the same message id again decides nothing; an empty message is refused', () => {
    spec(conversationDecider).given([opened, customerWrote]).when(postMessage(customer)).then([]);
    spec(conversationDecider).given([opened]).when(postMessage(customer, 'm-3', '   ')).thenRefused('conversation.empty-message');
  });
});

describe('conversation decider: MarkConversationRead', () => {
  it('a participant marks the conversation read up to a message', () => {
    spec(conversationDecider).given([opened, customerWrote]).when(markRead(vendorOwner)).then([
      { type: 'ConversationRead', data: { conversationId: 'c-1', readerId: 'u-vendor', side: 'vendor', upToMessageId: 'm-1', at } },
    ]);
  });
  it('marking read what was already read decides nothing (your own messages count as read)', () => {
    spec(conversationDecider).given([opened, customerWrote]).when(markRead(customer)).then([]);
    const read: ConversationEvent = { type: 'ConversationRead', data: { conversationId: 'c-1', readerId: 'u-vendor', side: 'vendor', upToMessageId: 'm-1', at } };
    spec(conversationDecider).given([opened, customerWrote, read]).when(markRead(vendorOwner)).then([]);
  });
  it('an unknown message is not found; others are forbidden; a missing conversation is not found', () => {
    spec(conversationDecider).given([opened, customerWrote]).when(markRead(vendorOwner, 'm-9')).thenRefused('conversation.message-not-found');
    spec(conversationDecider).given([opened, customerWrote]).when(markRead(stranger)).thenRefused('conversation.forbidden');
    spec(conversationDecider).given([]).when(markRead(customer)).thenRefused('conversation.not-found');
  });
  it('unreadCount counts what each side has not read', () => {
    const state = spec(conversationDecider).given([opened, customerWrote, vendorWrote]).state;
    expect(unreadCount(state, 'customer')).toBe(1);
    expect(unreadCount(state, 'vendor')).toBe(0);
  });
});
