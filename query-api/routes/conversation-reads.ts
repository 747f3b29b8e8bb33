import { z } from 'zod';
import { ConversationAnswer, MessageAnswer, pageOf } from '../answer-schemas.ts';
import type { Filter, ViewDocument } from '../../domain/ports/view-store.ts';
import { partiesOf, type Actor } from '../../domain/shared/actor.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';
import type { ReadViews } from '../tracked-views.ts';
import { withParticipants } from '../participants.ts';
import { conversationStream } from '../../domain/conversation/decider.ts';

// Conversations and messages over `conversations` and `messages`: a participant (the customer, or the
// vendor's owner) or an admin; anyone else gets 404, as for orders.
const conversationInternal = ['readUpTo', 'messageSides'];

const participates = (actor: Actor, conversation: ViewDocument): boolean =>
  partiesOf(actor, { customerId: String(conversation.customerId), vendorId: String(conversation.vendorId) }).length > 0;

async function visibleConversation(views: ReadViews, actor: Actor, id: string): Promise<ViewDocument> {
  const conversation = await views.byId('conversations', id);
  if (!conversation || !participates(actor, conversation)) throw problems.notFound('There is no such conversation.');
  return conversation;
}

async function pageWithParticipants(views: ReadViews, page: { items: Record<string, unknown>[]; total: number }) {
  return { ...page, items: await withParticipants(views, page.items) };
}

/** The caller's side filter: as the customer, as the vendor, or both. */
function mineFilter(actor: Actor, as: 'customer' | 'vendor' | undefined): Filter {
  const asCustomer = { customerId: actor.userId };
  const asVendor = { vendorId: actor.vendorId };
  if (as === 'vendor') return actor.vendorId ? asVendor : { _id: { $in: [] } };
  if (as === 'customer' || !actor.vendorId) return asCustomer;
  return { $or: [asCustomer, asVendor] };
}

export const myConversations = readRoute({
  path: '/api/conversations',
  response: pageOf(ConversationAnswer),
  summary: "The caller's conversations, latest activity first, with unread counts",
  tags: ['conversations'],
  auth: 'user',
  query: {
    ...pagingShape,
    as: z.enum(['customer', 'vendor']).optional().describe('Only the conversations where the caller is this side.'),
    sort: sortParam(['lastActivityAt', 'openedAt'] as const, '-lastActivityAt'),
  },
  async handle({ query, views, actor }) {
    return pageWithParticipants(views, await listPage(views, 'conversations', mineFilter(actor, query.as), { sort: sortOf(query.sort), start: query.start, limit: query.limit, internal: conversationInternal }));
  },
});

export const conversationById = readRoute({
  path: '/api/conversations/:id',
  response: ConversationAnswer,
  summary: 'One conversation (participants and admins)',
  tags: ['conversations'],
  auth: 'user',
  params: { id: z.string().min(1).max(100) },
  documentOf: ({ id }) => ({ collection: 'conversations', id, streamId: conversationStream(id) }),
  async handle({ params, views, actor }) {
    const [conversation] = await withParticipants(views, [publicDocument(await visibleConversation(views, actor, params.id), conversationInternal)]);
    return conversation;
  },
});

export const conversationMessages = readRoute({
  path: '/api/conversations/:id/messages',
  response: pageOf(MessageAnswer),
  summary: 'Messages of a conversation, oldest first (participants and admins)',
  tags: ['conversations'],
  auth: 'user',
  params: { id: z.string().min(1).max(100) },
  query: { ...pagingShape, limit: pagingShape.limit.default(100), sort: sortParam(['seq'] as const, 'seq') },
  documentOf: ({ id }) => ({ collection: 'conversations', id, streamId: conversationStream(id) }),
  async handle({ params, query, views, actor }) {
    await visibleConversation(views, actor, params.id);
    return listPage(views, 'messages', { conversationId: params.id }, { sort: sortOf(query.sort), start: query.start, limit: query.limit });
  },
});

export const adminConversations = readRoute({
  path: '/api/admin/conversations',
  response: pageOf(ConversationAnswer),
  summary: 'Every conversation, by customer or vendor, latest activity first (admins: SPEC §6 chatMessage read)',
  tags: ['admin', 'conversations'],
  auth: 'admin',
  query: {
    ...pagingShape,
    customerId: z.string().min(1).max(100).optional(),
    vendorId: z.string().min(1).max(100).optional(),
    unanswered: z.enum(['true', 'false']).optional().describe('true: only conversations whose last message is the customer\'s (the artist has not answered yet).'),
    sort: sortParam(['lastActivityAt', 'openedAt'] as const, '-lastActivityAt'),
  },
  async handle({ query, views }) {
    const filter: Filter = {};
    if (query.customerId) filter.customerId = query.customerId;
    if (query.vendorId) filter.vendorId = query.vendorId;
    if (query.unanswered === 'true') filter['lastMessage.side'] = 'customer';
    return pageWithParticipants(views, await listPage(views, 'conversations', filter, { sort: sortOf(query.sort), start: query.start, limit: query.limit, internal: conversationInternal }));
  },
});

/** The back office reads a conversation by the access rules (read on chatMessage), where `/api/conversations/:id` answers its participants and admins. */
async function existingConversation(views: ReadViews, id: string): Promise<ViewDocument> {
  const conversation = await views.byId('conversations', id);
  if (!conversation) throw problems.notFound('There is no such conversation.');
  return conversation;
}

export const adminConversationById = readRoute({
  path: '/api/admin/conversations/:id',
  response: ConversationAnswer,
  summary: 'One conversation (the back office: SPEC §6 chatMessage read)',
  tags: ['admin', 'conversations'],
  auth: 'admin',
  params: { id: z.string().min(1).max(100) },
  documentOf: ({ id }) => ({ collection: 'conversations', id, streamId: conversationStream(id) }),
  async handle({ params, views }) {
    const [conversation] = await withParticipants(views, [publicDocument(await existingConversation(views, params.id), conversationInternal)]);
    return conversation;
  },
});

export const adminConversationMessages = readRoute({
  path: '/api/admin/conversations/:id/messages',
  response: pageOf(MessageAnswer),
  summary: 'Messages of a conversation, oldest first (the back office: SPEC §6 chatMessage read; marks nothing read)',
  tags: ['admin', 'conversations'],
  auth: 'admin',
  params: { id: z.string().min(1).max(100) },
  query: { ...pagingShape, limit: pagingShape.limit.default(100), sort: sortParam(['seq'] as const, 'seq') },
  documentOf: ({ id }) => ({ collection: 'conversations', id, streamId: conversationStream(id) }),
  async handle({ params, query, views }) {
    await existingConversation(views, params.id);
    return listPage(views, 'messages', { conversationId: params.id }, { sort: sortOf(query.sort), start: query.start, limit: query.limit });
  },
});

export const conversationReads: ReadRoute[] = [myConversations, conversationById, conversationMessages, adminConversations, adminConversationById, adminConversationMessages];
