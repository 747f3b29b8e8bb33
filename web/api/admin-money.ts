import type { ApiClient } from './client.ts';
import { orderStatuses } from '../../domain/order/events.ts';
import type { Money } from '../../domain/shared/money.ts';
import { text } from './adapters.ts';
import type { OrderStatus, Text } from './view-models.ts';

// The admin money screen's read (GET /api/admin/money, query-api/routes/money-reads.ts; issue 26) and
// its view model, read leniently like every adapter: a missing amount is zero, a missing list empty.

export interface MoneyRow {
  orderId: string;
  vendorId: string;
  vendorName: Text;
  status: OrderStatus;
  placedAt: string;
  eventAt: string | null;
  total: Money;
  depositPaid: Money;
  balancePaid: Money;
  balanceDue: Money;
  balanceDueDate: string | null;
  overdue: boolean;
  refundsOwed: Money;
  refunded: Money;
  depositAt: string | null;
  lastRefundAt: string | null;
}
export interface MoneyList { items: MoneyRow[]; total: number; sum: Money }
export const MONEY_LISTS = ['depositsTaken', 'balancesDue', 'overdueBalances', 'refundsOwed', 'refunded'] as const;
export type MoneyListKey = (typeof MONEY_LISTS)[number];

export interface AdminMoney extends Record<MoneyListKey, MoneyList> {
  at: string;
  vendorId: string | null;
  vendors: Array<{ vendorId: string; name: Text }>;
  sums: { fullPaid: Money; balancesPaid: Money };
}

type Doc = Record<string, unknown>;
const asDoc = (value: unknown): Doc => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Doc) : {});
const list = (value: unknown): Doc[] => (Array.isArray(value) ? value.map(asDoc) : []);
const int = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);
const money = (value: unknown): Money => ({ amountMinor: int(asDoc(value).amountMinor), currency: 'ILS' });
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const statusOf = (value: unknown): OrderStatus => orderStatuses.find((status) => status === value) ?? 'new';

function rowFrom(doc: Doc): MoneyRow {
  return {
    orderId: String(doc.orderId ?? ''), vendorId: String(doc.vendorId ?? ''), vendorName: text(doc.vendorName), status: statusOf(doc.status),
    placedAt: String(doc.placedAt ?? ''), eventAt: strOrNull(doc.eventAt), total: money(doc.total),
    depositPaid: money(doc.depositPaid), balancePaid: money(doc.balancePaid), balanceDue: money(doc.balanceDue),
    balanceDueDate: strOrNull(doc.balanceDueDate), overdue: doc.overdue === true,
    refundsOwed: money(doc.refundsOwed), refunded: money(doc.refunded), depositAt: strOrNull(doc.depositAt), lastRefundAt: strOrNull(doc.lastRefundAt),
  };
}

export function adminMoneyFrom(value: unknown): AdminMoney {
  const doc = asDoc(value);
  const sums = asDoc(doc.sums);
  const lists = Object.fromEntries(MONEY_LISTS.map((key) => {
    const entry = asDoc(doc[key]);
    return [key, { items: list(entry.items).map(rowFrom), total: int(entry.total), sum: money(entry.sum) }];
  })) as Record<MoneyListKey, MoneyList>;
  return {
    ...lists,
    at: String(doc.at ?? ''),
    vendorId: strOrNull(doc.vendorId),
    vendors: list(doc.vendors).map((vendor) => ({ vendorId: String(vendor.vendorId ?? ''), name: text(vendor.name) })),
    sums: { fullPaid: money(sums.fullPaid), balancesPaid: money(sums.balancesPaid) },
  };
}

export async function adminMoney(api: ApiClient, vendorId?: string): Promise<AdminMoney> {
  return adminMoneyFrom(await api.get('admin/money', { query: vendorId ? { vendorId } : {} }));
}
