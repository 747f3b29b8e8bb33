import type { ApiClient } from './client.ts';
import { readAnswer } from './read-answer.ts';
import { pageFrom } from './adapters.ts';
import type { Answer } from './view-models.ts';
import { QuoteInboxAnswer, QuoteRequestAnswer } from '../../query-api/answer-schemas.ts';

// Quote requests (docs/quotes.md) as the quote screens read and write them: the customer's requests
// with every artist's answer (GET /api/quote-requests), an artist's incoming ones (GET
// /api/vendor/quote-requests), and the writes of both sides.
export type QuoteRequest = Answer<typeof QuoteRequestAnswer>;
export type VendorQuote = QuoteRequest['quotes'][number];
export type QuoteInboxItem = Answer<typeof QuoteInboxAnswer>;

export const quoteRequestFrom = (value: unknown): QuoteRequest => readAnswer(QuoteRequestAnswer, value, 'a quote request');
export const quoteInboxItemFrom = (value: unknown): QuoteInboxItem => readAnswer(QuoteInboxAnswer, value, 'a quote request to answer');

export async function myQuoteRequests(api: ApiClient): Promise<QuoteRequest[]> {
  return pageFrom(await api.get('quote-requests', { query: { limit: 100 }, fresh: true }), quoteRequestFrom).items;
}

/** One request; `minRevision` waits until the views show that write of its stream. */
export async function quoteRequest(api: ApiClient, requestId: string, minRevision?: number, options: { silent?: boolean } = {}): Promise<QuoteRequest> {
  return quoteRequestFrom(await api.get(`quote-requests/${encodeURIComponent(requestId)}`, { query: { minRevision }, fresh: true, silent: options.silent }));
}

export async function vendorQuoteRequests(api: ApiClient): Promise<QuoteInboxItem[]> {
  return pageFrom(await api.get('vendor/quote-requests', { query: { limit: 100 }, fresh: true }), quoteInboxItemFrom).items;
}

export async function vendorQuoteRequest(api: ApiClient, requestId: string, minRevision?: number, options: { silent?: boolean } = {}): Promise<QuoteInboxItem> {
  return quoteInboxItemFrom(await api.get(`vendor/quote-requests/${encodeURIComponent(requestId)}`, { query: { minRevision }, fresh: true, silent: options.silent }));
}

export interface Written { id: string; revision: number }
