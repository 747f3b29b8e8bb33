import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Money } from '../shared/money.ts';
import { Id, IsoTime } from '../shared/ids.ts';

// Stream `contract-<contractId>`: a service contract between a customer and a vendor.
// Transitions (decided in decider.ts, documented in docs/contracts.md):
//   (none) --DraftContract (vendor)--> draft --ReviseContract (vendor)--> draft
//   draft --SendContract (vendor)--> sent --SignContract (customer | vendor, once each)--> sent | signed
//   draft | sent --CancelContract (either party, admin)--> canceled; signed --CancelContract (admin)--> canceled
export const ContractStatus = z.enum(['draft', 'sent', 'signed', 'canceled']);

export const ContractDrafted = event('ContractDrafted', z.strictObject({
  contractId: Id,
  customerId: Id,
  vendorId: Id,
  orderId: Id.optional(),
  productId: Id.optional(),
  title: z.string().min(1).max(200),
  terms: z.string().min(1).max(20000),
  price: Money,
  eventDate: IsoTime.optional(),
  at: IsoTime,
}));
export const ContractRevised = event('ContractRevised', z.strictObject({
  contractId: Id, title: z.string().min(1).max(200), terms: z.string().min(1).max(20000), price: Money, eventDate: IsoTime.optional(), at: IsoTime,
}));
export const ContractSent = event('ContractSent', z.strictObject({ contractId: Id, at: IsoTime }));
export const ContractSigned = event('ContractSigned', z.strictObject({
  contractId: Id, party: z.enum(['customer', 'vendor']), signerId: Id,
  /** The full name the signer typed; absent on signatures made before it was asked for. */
  signatureName: z.string().min(1).max(200).optional(),
  at: IsoTime,
}));
/** Follows the second signature: both parties have signed. */
export const ContractFullySigned = event('ContractFullySigned', z.strictObject({ contractId: Id, at: IsoTime }));
export const ContractCanceled = event('ContractCanceled', z.strictObject({
  contractId: Id, reason: z.string().min(1).max(500), by: Id.nullable(), at: IsoTime,
}));

export const ContractEvent = z.discriminatedUnion('type', [ContractDrafted, ContractRevised, ContractSent, ContractSigned, ContractFullySigned, ContractCanceled]);
export type ContractEvent = z.infer<typeof ContractEvent>;
