import { z } from 'zod';
import { pageOf, QuoteInboxAnswer, QuoteRequestAnswer } from '../answer-schemas.ts';
import type { Filter } from '../../domain/ports/view-store.ts';
import { isAdmin, ownsVendor, type Actor } from '../../domain/shared/actor.ts';
import { isExpired, quoteRequestStream } from '../../domain/quote-request/decider.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape } from '../paging.ts';
import { listPage } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';
import { withParticipants } from '../participants.ts';
import type { ReadViews } from '../tracked-views.ts';
import { inboxId } from '../../projectors/quote-requests/projection.ts';

// Quote requests (docs/quotes.md) over `quoteRequests` (the customer's, every artist's answer side by
// side) and `quoteInbox` (each artist's own). A quote whose validUntil passed is answered as expired at
// once, before the expiry sweep records it. Another person's request answers 404 like a missing one.
type Doc = Record<string, unknown>;
const RequestStatus = z.enum(['open', 'accepted', 'canceled']);

/** `quoted` past its validUntil reads `expired`. */
const asOf = <D extends Doc>(answer: D, now: Date): D =>
  answer.status === 'quoted' && typeof answer.validUntil === 'string' && isExpired({ validUntil: answer.validUntil }, now.toISOString()) ? { ...answer, status: 'expired' } : answer;

/** The customer's requests with each quote's artist named (one vendorCards lookup for the page). */
async function withArtists(views: ReadViews, requests: Doc[], now: Date): Promise<Doc[]> {
  return Promise.all(requests.map(async (request) => {
    const quotes = (request.quotes as Doc[]).map((quote) => ({ ...quote, customerId: request.customerId }));
    const named = await withParticipants(views, quotes) as unknown as Array<Doc & { customerName: string }>;
    return {
      ...request,
      quotes: named.map(({ customerId: _customer, customerName: _name, ...quote }) => asOf(quote, now)),
    };
  }));
}

export const myQuoteRequests = readRoute({
  path: '/api/quote-requests',
  response: pageOf(QuoteRequestAnswer),
  summary: "The caller's quote requests, each with every artist's answer side by side, latest change first",
  tags: ['quotes'],
  auth: 'user',
  query: { ...pagingShape, status: RequestStatus.optional() },
  async handle({ query, views, actor, now }) {
    const filter: Filter = { customerId: actor.userId };
    if (query.status) filter.requestStatus = query.status;
    const page = await listPage(views, 'quoteRequests', filter, { sort: { updatedAt: -1, _id: -1 }, start: query.start, limit: query.limit });
    return { ...page, items: await withArtists(views, page.items, now) };
  },
});

export const quoteRequestById = readRoute({
  path: '/api/quote-requests/:id',
  response: QuoteRequestAnswer,
  summary: 'One quote request with every answer (its customer and admins)',
  tags: ['quotes'],
  auth: 'user',
  params: { id: z.string().min(1).max(100) },
  documentOf: ({ id }) => ({ collection: 'quoteRequests', id, streamId: quoteRequestStream(id) }),
  async handle({ params, views, actor, now }) {
    const request = await views.byId('quoteRequests', params.id);
    if (!request || (request.customerId !== actor.userId && !isAdmin(actor))) throw problems.notFound('There is no such quote request.');
    const [named] = await withArtists(views, [publicDocument(request)], now);
    return named;
  },
});

/** The artist whose requests are read: the caller's own; an admin names one (`vendorId`); 403 otherwise. */
function inboxVendorOf(actor: Actor, named: string | undefined): string {
  const vendorId = named ?? actor.vendorId;
  if (!vendorId) throw problems.forbidden('Only an artist has quote requests; an admin names the vendorId.');
  if (!ownsVendor(actor, vendorId) && !isAdmin(actor)) throw problems.forbidden("An artist reads only its own quote requests.");
  return vendorId;
}

export const vendorQuoteRequests = readRoute({
  path: '/api/vendor/quote-requests',
  response: pageOf(QuoteInboxAnswer),
  summary: "The requests for quotes the caller's artist was asked, each with its own answer, the customer named; latest change first",
  tags: ['quotes', 'vendors'],
  auth: 'vendor',
  query: { ...pagingShape, status: RequestStatus.optional(), vendorId: z.string().min(1).max(100).optional() },
  answers: { 403: 'The caller has no artist profile, or names another artist (an admin names any)' },
  async handle({ query, views, actor, now }) {
    const filter: Filter = { vendorId: inboxVendorOf(actor, query.vendorId) };
    if (query.status) filter.requestStatus = query.status;
    const page = await listPage(views, 'quoteInbox', filter, { sort: { updatedAt: -1, _id: -1 }, start: query.start, limit: query.limit });
    const named = await withParticipants(views, page.items);
    return { ...page, items: named.map(({ vendorName: _name, vendorLogoImageUrl: _logo, ...doc }) => asOf(doc, now)) };
  },
});

export const vendorQuoteRequestById = readRoute({
  path: '/api/vendor/quote-requests/:id',
  response: QuoteInboxAnswer,
  summary: "One request for a quote as the caller's artist was asked it, with its own answer",
  tags: ['quotes', 'vendors'],
  auth: 'vendor',
  params: { id: z.string().min(1).max(100) },
  query: { vendorId: z.string().min(1).max(100).optional() },
  answers: { 403: 'The caller has no artist profile, or names another artist (an admin names any)' },
  documentOf: ({ id }, actor) => ({ collection: 'quoteInbox', id: inboxId(id, actor.vendorId ?? ''), streamId: quoteRequestStream(id) }),
  async handle({ params, query, views, actor, now }) {
    const doc = await views.byId('quoteInbox', inboxId(params.id, inboxVendorOf(actor, query.vendorId)));
    if (!doc) throw problems.notFound('There is no such quote request.');
    const [named] = await withParticipants(views, [publicDocument(doc)]);
    const { vendorName: _name, vendorLogoImageUrl: _logo, ...answer } = named!;
    return asOf(answer, now);
  },
});

export const quoteRequestReads: ReadRoute[] = [myQuoteRequests, quoteRequestById, vendorQuoteRequests, vendorQuoteRequestById];
