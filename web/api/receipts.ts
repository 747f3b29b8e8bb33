import type { ApiClient } from './client.ts';
import { pageOf, ReceiptAnswer } from '../../query-api/answer-schemas.ts';
import { readAnswer } from './read-answer.ts';
import type { Answer } from './view-models.ts';

// The receipts' reads (issue 26 item 5; query-api/routes/receipt-reads.ts), checked with the answer schema.
export type Receipt = Answer<typeof ReceiptAnswer>;
export interface ReceiptPage { items: Receipt[]; total: number }

const ReceiptPageAnswer = pageOf(ReceiptAnswer);

/** The caller's receipts, newest first. */
export async function myReceipts(api: ApiClient, start: number, limit: number): Promise<ReceiptPage> {
  return readAnswer(ReceiptPageAnswer, await api.get('receipts', { query: { start, limit } }), 'the receipts') as ReceiptPage;
}

/** One order's receipts in number order (its customer, its vendor, an admin). */
export async function orderReceipts(api: ApiClient, orderId: string): Promise<Receipt[]> {
  const answer = readAnswer(ReceiptPageAnswer, await api.get('receipts', { query: { orderId, limit: 100 }, fresh: true, silent: true }), "the order's receipts") as ReceiptPage;
  return answer.items;
}

/** The artist's own receipt book, latest number first. */
export async function vendorReceipts(api: ApiClient, start: number, limit: number): Promise<ReceiptPage> {
  return readAnswer(ReceiptPageAnswer, await api.get('vendor/receipts', { query: { start, limit } }), 'the receipt book') as ReceiptPage;
}

/** One receipt. */
export async function receiptById(api: ApiClient, receiptId: string): Promise<Receipt> {
  return readAnswer(ReceiptAnswer, await api.get(`receipts/${encodeURIComponent(receiptId)}`), 'a receipt') as Receipt;
}
