import { z } from 'zod';
import { pageOf, ReceiptAnswer } from '../answer-schemas.ts';
import type { Filter } from '../../domain/ports/view-store.ts';
import { isAdmin, ownsVendor, partiesOf, type Actor } from '../../domain/shared/actor.ts';
import { receiptStream } from '../../domain/receipt/decider.ts';
import { Id } from '../../domain/shared/ids.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape } from '../paging.ts';
import { listPage } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';

// Receipts (issue 26 item 5, docs/payments.md "Receipts") over the `receipts` view: a receipt is its
// order's customer's and its vendor's to read, and any admin's; another person's answers 404 like a
// missing one. The customer lists their own (of one order, or all), the vendor its book, newest first.
type Doc = Record<string, unknown>;

const mayRead = (actor: Actor, receipt: Doc): boolean =>
  partiesOf(actor, { customerId: String(receipt.customerId), vendorId: String(receipt.vendorId) }).length > 0;

/** `<vendorId>-<number>`: the vendor is everything before the last `-`. */
export const vendorOfReceiptId = (receiptId: string): string => receiptId.slice(0, Math.max(0, receiptId.lastIndexOf('-')));

export const myReceipts = readRoute({
  path: '/api/receipts',
  response: pageOf(ReceiptAnswer),
  summary: "The caller's receipts, newest first; with orderId, that order's receipts in number order (its customer, its vendor, an admin)",
  tags: ['orders', 'payments'],
  auth: 'user',
  query: { ...pagingShape, orderId: Id.optional() },
  answers: { 404: "The order's receipts are not the caller's" },
  async handle({ query, views, actor }) {
    if (query.orderId) {
      // One order's receipts are all its customer's and its vendor's: the first says whose they are.
      const [first] = await views.find('receipts', { orderId: query.orderId }, { limit: 1 });
      if (first && !mayRead(actor, first)) throw problems.notFound('There is no such order.');
      return listPage(views, 'receipts', { orderId: query.orderId }, { sort: { number: 1 }, start: query.start, limit: query.limit });
    }
    return listPage(views, 'receipts', { customerId: actor.userId }, { sort: { at: -1, _id: -1 }, start: query.start, limit: query.limit });
  },
});

export const receiptById = readRoute({
  path: '/api/receipts/:id',
  response: ReceiptAnswer,
  summary: 'One receipt (its customer, its vendor and admins)',
  tags: ['orders', 'payments'],
  auth: 'user',
  params: { id: z.string().min(3).max(120) },
  documentOf: ({ id }) => ({ collection: 'receipts', id, streamId: receiptStream(vendorOfReceiptId(id)) }),
  async handle({ params, views, actor }) {
    const receipt = await views.byId('receipts', params.id);
    if (!receipt || !mayRead(actor, receipt)) throw problems.notFound('There is no such receipt.');
    return publicDocument(receipt);
  },
});

export const vendorReceipts = readRoute({
  path: '/api/vendor/receipts',
  response: pageOf(ReceiptAnswer),
  summary: "The caller's artist's receipt book, latest number first (an admin names the vendorId)",
  tags: ['payments', 'vendors'],
  auth: 'vendor',
  query: { ...pagingShape, vendorId: Id.optional() },
  answers: { 403: 'The caller has no artist profile, or names another artist (an admin names any)' },
  async handle({ query, views, actor }) {
    const vendorId = query.vendorId ?? actor.vendorId;
    if (!vendorId) throw problems.forbidden('Only an artist has receipts; an admin names the vendorId.');
    if (!ownsVendor(actor, vendorId) && !isAdmin(actor)) throw problems.forbidden('An artist reads only its own receipts.');
    const filter: Filter = { vendorId };
    return listPage(views, 'receipts', filter, { sort: { number: -1 }, start: query.start, limit: query.limit });
  },
});

export const receiptReads: ReadRoute[] = [myReceipts, receiptById, vendorReceipts];
