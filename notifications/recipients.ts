import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import { recipientFacts, type RecipientFacts } from './recipient-facts.ts';
import type { NotificationKind } from '../domain/notification/events.ts';
import { contractStream } from '../domain/contract/decider.ts';
import { conversationStream } from '../domain/conversation/decider.ts';
import { orderStream } from '../domain/order/decider.ts';
import { quoteRequestStream } from '../domain/quote-request/decider.ts';
import { dayText, namesOf, shekels, text } from './notice-params.ts';

// Who hears about an event: order lifecycle events go to the customer and the vendor's owner,
// a chat message to the other side, contract changes to the party that did not make them (both when
// fully signed), an artist's reply to a review to the review's customer. Parties are read from the event store — the first event of the order, conversation or
// contract stream, and the vendor stream for its owner — not from the views (recipient-facts.ts), so a reactor that runs
// ahead of the projectors (at start, after a rebuild) still finds everyone.
//
// Each notice names its reader's part in the subject, `subject.audience` ('customer' | 'vendor'), so
// the same event reads "New order from Dana: Wedding show" to the vendor and "Your order is placed:
// Wedding show" to the customer (web/app/notification-text.ts picks the text by it). An order
// notice's subject also carries `revision`, the order stream's revision of the event, so a screen
// refreshing on the push can read the order with `minRevision` and be sure the views have it; a
// contract notice likewise carries the contract stream's revision, and a message notice the
// conversation stream's.
// Names come in both languages where they have two (`productNameHe`, `productNameEn`,
// `vendorNameHe`, `vendorNameEn`, each falling back to the other), so each language's text uses its
// own; `productName` stays for texts written before.
export type Audience = 'customer' | 'vendor';

export interface Notice {
  userId: string;
  kind: NotificationKind;
  subject: Record<string, string>;
  params: Record<string, string>;
}

const orderKinds: Partial<Record<string, NotificationKind>> = {
  OrderPlaced: 'order.placed',
  OrderPaid: 'order.payed',
  OrderBalancePaid: 'order.balancePaid',
  OrderApproved: 'order.approved',
  OrderCompleted: 'order.completed',
  OrderCanceled: 'order.canceled',
  OrderPaymentDeclined: 'order.paymentDeclined',
  OrderRefunded: 'order.refunded',
  OrderEventDetailsChanged: 'order.detailsChanged',
};
const contractKinds: Partial<Record<string, NotificationKind>> = {
  ContractDrafted: 'contract.drafted',
  ContractSent: 'contract.sent',
  ContractSigned: 'contract.signed',
  ContractFullySigned: 'contract.fullySigned',
  ContractCanceled: 'contract.canceled',
};

const quoteKinds: Partial<Record<string, NotificationKind>> = {
  QuoteRequested: 'quote.requested',
  QuoteSubmitted: 'quote.submitted',
  QuoteDeclined: 'quote.declined',
  QuoteAccepted: 'quote.accepted',
  QuoteRequestCanceled: 'quote.canceled',
  QuoteExpired: 'quote.expired',
};

export const notifiableEventTypes = new Set([...Object.keys(orderKinds), 'MessagePosted', ...Object.keys(contractKinds), ...Object.keys(quoteKinds), 'ReviewReplied']);

type Data = Record<string, unknown>;
const nameOf = (value: unknown): string => {
  const name = (value ?? {}) as { he?: string; en?: string };
  return name.he || name.en || '';
};


const unique = (notices: Notice[]): Notice[] => {
  const seen = new Set<string>();
  return notices.filter((notice) => (seen.has(notice.userId) ? false : (seen.add(notice.userId), true)));
};

/** The notices of one event; `facts` reads the parties (default: straight from the event store). */
export async function noticesOf(event: RecordedEvent, eventStore: Pick<EventStore, 'readStream'>, facts: RecipientFacts = recipientFacts(eventStore)): Promise<Notice[]> {
  const data = event.data as Data;
  const orderKind = orderKinds[event.type];
  if (orderKind) {
    const orderId = text(data.orderId);
    const placed = event.type === 'OrderPlaced' ? data : await facts.firstEventData(orderStream(orderId));
    if (!placed) return [];
    const customerId = text(placed.customerId);
    const [vendor, customerName] = await Promise.all([facts.vendor(text(placed.vendorId)), facts.fullName(customerId)]);
    const productName = (placed.product as Data | undefined)?.name;
    const params = {
      orderId, productName: nameOf(productName), ...namesOf('productName', productName), ...namesOf('vendorName', vendor.name), customerName,
      ...(data.reason ? { reason: text(data.reason) } : {}),
      ...(event.type === 'OrderRefunded' || event.type === 'OrderBalancePaid' ? { amount: shekels(data.amount) } : {}),
    };
    const subject = { orderId, vendorId: text(placed.vendorId), revision: String(event.revision) };
    const toCustomer: Notice = { userId: customerId, kind: orderKind, subject: { ...subject, audience: 'customer' }, params };
    // A declined card, or money back on it, concerns only the customer who paid.
    if (event.type === 'OrderPaymentDeclined' || event.type === 'OrderRefunded' || !vendor.owner) return customerId ? [toCustomer] : [];
    const toVendor: Notice = { userId: vendor.owner, kind: orderKind, subject: { ...subject, audience: 'vendor' }, params };
    // The customer changed the event's details: the vendor hears of it (and an open order screen reloads).
    if (event.type === 'OrderEventDetailsChanged') return [toVendor];
    return unique([toCustomer, toVendor].filter((notice) => Boolean(notice.userId)));
  }
  if (event.type === 'MessagePosted') {
    const conversationId = text(data.conversationId);
    const opened = await facts.firstEventData(conversationStream(conversationId));
    if (!opened) return [];
    const audience: Audience = data.side === 'customer' ? 'vendor' : 'customer';
    const recipient = audience === 'vendor' ? (await facts.vendor(text(opened.vendorId))).owner : text(opened.customerId);
    if (!recipient || recipient === data.authorId) return [];
    const preview = text(data.text).slice(0, 140);
    const subject = { conversationId, messageId: text(data.messageId), audience, revision: String(event.revision) };
    return [{ userId: recipient, kind: 'message.posted', subject, params: { conversationId, preview } }];
  }
  const contractKind = contractKinds[event.type];
  if (contractKind) {
    const contractId = text(data.contractId);
    const drafted = event.type === 'ContractDrafted' ? data : await facts.firstEventData(contractStream(contractId));
    if (!drafted) return [];
    const customerId = text(drafted.customerId);
    const vendorOwner = (await facts.vendor(text(drafted.vendorId))).owner;
    const subject = { contractId, vendorId: text(drafted.vendorId), revision: String(event.revision) };
    const params = { contractId, title: text(data.title) || text(drafted.title), ...(data.reason ? { reason: text(data.reason) } : {}) };
    let recipients: (string | null)[];
    switch (event.type) {
      case 'ContractDrafted':
      case 'ContractSent':
        recipients = [customerId];
        break;
      case 'ContractSigned':
        recipients = [data.party === 'customer' ? vendorOwner : customerId];
        break;
      case 'ContractCanceled':
        recipients = [customerId, vendorOwner].filter((userId) => userId !== data.by);
        break;
      default:
        recipients = [customerId, vendorOwner];
    }
    const audienceOf = (userId: string): Audience => (userId === customerId ? 'customer' : 'vendor');
    return unique(recipients.filter((userId): userId is string => Boolean(userId))
      .map((userId) => ({ userId, kind: contractKind, subject: { ...subject, audience: audienceOf(userId) }, params })));
  }
  const quoteKind = quoteKinds[event.type];
  if (quoteKind) return quoteNotices(event, quoteKind, facts);
  if (event.type === 'ReviewReplied') return replyNotices(event, facts);
  return [];
}

/**
 * The reviewed artist answered a review: its customer hears of it, with the artist's name and the
 * reply's beginning; the subject names the order and the review stream's revision.
 */
async function replyNotices(event: RecordedEvent, facts: RecipientFacts): Promise<Notice[]> {
  const data = event.data as Data;
  const customerId = text(data.customerId);
  if (!customerId) return [];
  const vendor = await facts.vendor(text(data.vendorId));
  const orderId = text(data.orderId);
  return [{
    userId: customerId, kind: 'review.replied',
    subject: { orderId, vendorId: text(data.vendorId), audience: 'customer', revision: String(event.revision) },
    params: { orderId, ...namesOf('vendorName', vendor.name), preview: text(data.text).slice(0, 140) },
  }];
}


/**
 * Quote requests (docs/quotes.md): the artists asked hear of a request, its cancel and the customer's
 * choice (the one accepted, the others "not chosen"); the customer hears of each quote, decline and
 * expiry, and the artist of its own quote's expiry. The subject names the request, the artist and the
 * request stream's revision, so a live screen reads the request with `minRevision`.
 */
async function quoteNotices(event: RecordedEvent, kind: NotificationKind, facts: RecipientFacts): Promise<Notice[]> {
  const data = event.data as Data;
  const requestId = text(data.requestId);
  const requested = event.type === 'QuoteRequested' ? data : await facts.firstEventData(quoteRequestStream(requestId));
  if (!requested) return [];
  const customerId = text(requested.customerId);
  const customerName = await facts.fullName(customerId);
  const base = { requestId, revision: String(event.revision) };
  const params = { requestId, customerName, city: text(requested.city), eventDate: dayText(text(requested.eventDate)), ...(data.reason ? { reason: text(data.reason) } : {}) };
  const toVendor = async (vendorId: string, noticeKind: NotificationKind): Promise<Notice | null> => {
    const vendor = await facts.vendor(vendorId);
    return vendor.owner ? { userId: vendor.owner, kind: noticeKind, subject: { ...base, vendorId, audience: 'vendor' }, params: { ...params, ...namesOf('vendorName', vendor.name) } } : null;
  };
  const toCustomer = async (vendorId: string): Promise<Notice> => {
    const vendor = await facts.vendor(vendorId);
    return { userId: customerId, kind, subject: { ...base, vendorId, audience: 'customer' }, params: { ...params, ...namesOf('vendorName', vendor.name), ...(data.price ? { amount: shekels(data.price) } : {}) } };
  };
  const vendorIds = (requested.vendorIds as string[] | undefined) ?? [];
  let notices: Array<Notice | null>;
  switch (event.type) {
    case 'QuoteRequested':
    case 'QuoteRequestCanceled':
      notices = await Promise.all(vendorIds.map((vendorId) => toVendor(vendorId, kind)));
      break;
    case 'QuoteSubmitted':
    case 'QuoteDeclined':
      notices = [await toCustomer(text(data.vendorId))];
      break;
    case 'QuoteExpired':
      notices = [await toCustomer(text(data.vendorId)), await toVendor(text(data.vendorId), kind)];
      break;
    case 'QuoteAccepted':
      notices = [
        await toVendor(text(data.vendorId), 'quote.accepted'),
        ...(await Promise.all(((data.notChosen as string[] | undefined) ?? []).map((vendorId) => toVendor(vendorId, 'quote.notChosen')))),
      ];
      break;
    default:
      notices = [];
  }
  return notices.filter((notice): notice is Notice => notice !== null && Boolean(notice.userId));
}
