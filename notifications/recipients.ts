import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import type { NotificationKind } from '../domain/notification/events.ts';

// Who hears about an event (issue 3): order lifecycle events go to the customer and the vendor's owner,
// a chat message to the other side, contract changes to the party that did not make them (both when
// fully signed). Parties are read from the event store — the first event of the order, conversation or
// contract stream, and the vendor stream for its owner — not from the views, so a reactor that runs
// ahead of the projectors (at start, after a rebuild) still finds everyone.
export interface Notice {
  userId: string;
  kind: NotificationKind;
  subject: Record<string, string>;
  params: Record<string, string>;
}

const orderKinds: Partial<Record<string, NotificationKind>> = {
  OrderPlaced: 'order.placed',
  OrderPaid: 'order.payed',
  OrderApproved: 'order.approved',
  OrderCompleted: 'order.completed',
  OrderCanceled: 'order.canceled',
  OrderPaymentDeclined: 'order.paymentDeclined',
};
const contractKinds: Partial<Record<string, NotificationKind>> = {
  ContractDrafted: 'contract.drafted',
  ContractSent: 'contract.sent',
  ContractSigned: 'contract.signed',
  ContractFullySigned: 'contract.fullySigned',
  ContractCanceled: 'contract.canceled',
};

export const notifiableEventTypes = new Set([...Object.keys(orderKinds), 'MessagePosted', ...Object.keys(contractKinds)]);

type Data = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const nameOf = (value: unknown): string => {
  const name = (value ?? {}) as { he?: string; en?: string };
  return name.he || name.en || '';
};

async function firstEventData(eventStore: EventStore, streamId: string): Promise<Data | null> {
  const [first] = await eventStore.readStream(streamId, { maxCount: 1 });
  return (first?.data as Data | undefined) ?? null;
}

/** The user who owns the vendor now: the last owner assignment of the vendor stream. */
export async function vendorOwnerOf(eventStore: EventStore, vendorId: string): Promise<string | null> {
  let owner: string | null = null;
  for (const event of await eventStore.readStream(`vendor-${vendorId}`)) {
    const data = event.data as Data;
    if (event.type === 'VendorCreated' || event.type === 'VendorOwnerAssigned') owner = (data.ownerUserId as string | null) ?? owner;
  }
  return owner;
}

const unique = (notices: Notice[]): Notice[] => {
  const seen = new Set<string>();
  return notices.filter((notice) => (seen.has(notice.userId) ? false : (seen.add(notice.userId), true)));
};

export async function noticesOf(event: RecordedEvent, eventStore: EventStore): Promise<Notice[]> {
  const data = event.data as Data;
  const orderKind = orderKinds[event.type];
  if (orderKind) {
    const orderId = text(data.orderId);
    const placed = event.type === 'OrderPlaced' ? data : await firstEventData(eventStore, `order-${orderId}`);
    if (!placed) return [];
    const customerId = text(placed.customerId);
    const vendorOwner = await vendorOwnerOf(eventStore, text(placed.vendorId));
    const params = { orderId, productName: nameOf((placed.product as Data | undefined)?.name), ...(data.reason ? { reason: text(data.reason) } : {}) };
    const subject = { orderId, vendorId: text(placed.vendorId) };
    // A declined card concerns only the customer who tried to pay.
    const recipients = event.type === 'OrderPaymentDeclined' ? [customerId] : [customerId, vendorOwner];
    return unique(recipients.filter((userId): userId is string => Boolean(userId)).map((userId) => ({ userId, kind: orderKind, subject, params })));
  }
  if (event.type === 'MessagePosted') {
    const conversationId = text(data.conversationId);
    const opened = await firstEventData(eventStore, `conversation-${conversationId}`);
    if (!opened) return [];
    const recipient = data.side === 'customer' ? await vendorOwnerOf(eventStore, text(opened.vendorId)) : text(opened.customerId);
    if (!recipient || recipient === data.authorId) return [];
    const preview = text(data.text).slice(0, 140);
    return [{ userId: recipient, kind: 'message.posted', subject: { conversationId, messageId: text(data.messageId) }, params: { conversationId, preview } }];
  }
  const contractKind = contractKinds[event.type];
  if (contractKind) {
    const contractId = text(data.contractId);
    const drafted = event.type === 'ContractDrafted' ? data : await firstEventData(eventStore, `contract-${contractId}`);
    if (!drafted) return [];
    const customerId = text(drafted.customerId);
    const vendorOwner = await vendorOwnerOf(eventStore, text(drafted.vendorId));
    const subject = { contractId, vendorId: text(drafted.vendorId) };
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
    return unique(recipients.filter((userId): userId is string => Boolean(userId)).map((userId) => ({ userId, kind: contractKind, subject, params })));
  }
  return [];
}
