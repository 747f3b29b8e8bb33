import type { Money } from '../../domain/shared/money.ts';
import type { Projection, ViewDoc } from '../projection.ts';
import { roleIn, type TimelineRole } from '../orders/projection.ts';

// Contracts (README: `contracts`): one document per contract with both parties, status, signatures and
// a timeline of who did what.
export type ContractStatus = 'draft' | 'sent' | 'signed' | 'canceled';

export interface ContractView extends ViewDoc {
  contractId: string;
  customerId: string;
  vendorId: string;
  orderId: string | null;
  /** The vendor's contractService product the contract is for. */
  productId: string | null;
  title: string;
  terms: string;
  price: Money;
  eventDate: string | null;
  status: ContractStatus;
  /** `name` is the full name the signer typed (null for signatures made before it was asked for). */
  signatures: Record<'customer' | 'vendor', { signerId: string; name: string | null; at: string } | null>;
  cancellation: { reason: string; by: string | null; at: string } | null;
  /** `role`: the part the actor played (customer, vendor, admin, system), as in the orders view. */
  timeline: Array<{ event: string; by: string | null; role: TimelineRole; at: string }>;
  createdAt: string;
  updatedAt: string;
}

export const contractsProjection: Projection<ContractView> = {
  name: 'contracts',
  collection: 'contracts',
  eventTypes: ['ContractDrafted', 'ContractRevised', 'ContractSent', 'ContractSigned', 'ContractFullySigned', 'ContractCanceled'],
  keysOf: (event) => ('contractId' in event.data ? [event.data.contractId] : []),
  evolve(doc, event, id) {
    const entry = (at: string, by: string | null = event.metadata.actor.userId) => ({ event: event.type, by, role: roleIn(doc ?? parties, event.metadata.actor), at });
    // The parties of a contract being drafted, before there is a document.
    const parties = event.type === 'ContractDrafted' ? event.data : { customerId: '', vendorId: '' };
    if (event.type === 'ContractDrafted') {
      const { customerId, vendorId, orderId, productId, title, terms, price, eventDate, at } = event.data;
      return {
        _id: id, contractId: id, customerId, vendorId, orderId: orderId ?? null, productId: productId ?? null, title, terms, price,
        eventDate: eventDate ?? null, status: 'draft', signatures: { customer: null, vendor: null }, cancellation: null,
        timeline: [entry(at)], createdAt: at, updatedAt: at,
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'ContractRevised': {
        const { title, terms, price, eventDate, at } = event.data;
        return { ...doc, title, terms, price, eventDate: eventDate ?? null, updatedAt: at, timeline: [...doc.timeline, entry(at)] };
      }
      case 'ContractSent':
        return { ...doc, status: 'sent', updatedAt: event.data.at, timeline: [...doc.timeline, entry(event.data.at)] };
      case 'ContractSigned': {
        const { party, signerId, signatureName, at } = event.data;
        return { ...doc, signatures: { ...doc.signatures, [party]: { signerId, name: signatureName ?? null, at } }, updatedAt: at, timeline: [...doc.timeline, entry(at, signerId)] };
      }
      case 'ContractFullySigned':
        return { ...doc, status: 'signed', updatedAt: event.data.at, timeline: [...doc.timeline, entry(event.data.at)] };
      case 'ContractCanceled': {
        const { reason, by, at } = event.data;
        return { ...doc, status: 'canceled', cancellation: { reason, by, at }, updatedAt: at, timeline: [...doc.timeline, entry(at, by)] };
      }
      default:
        return doc;
    }
  },
  // The lists' sorts for each side and for admins, `_id` last as the sorts end (query-api/paging.ts).
  indexes: [
    { customerId: 1, updatedAt: -1, _id: -1 }, { customerId: 1, createdAt: -1, _id: -1 },
    { vendorId: 1, updatedAt: -1, _id: -1 }, { vendorId: 1, createdAt: -1, _id: -1 },
    { updatedAt: -1, _id: -1 }, { createdAt: -1, _id: -1 }, { orderId: 1 },
  ],
};
