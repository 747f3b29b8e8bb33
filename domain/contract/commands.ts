import { z } from 'zod';
import { Actor } from '../shared/actor.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { Money } from '../shared/money.ts';

// Commands of a service contract (stream `contract-<contractId>`). Transitions: docs/contracts.md.

const terms = {
  title: z.string().trim().min(1).max(200),
  terms: z.string().trim().min(1).max(20000),
  price: Money,
  eventDate: IsoTime.optional(),
};

/** The vendor (or an admin acting for it) writes the first draft for a customer. */
export const DraftContract = z.strictObject({
  type: z.literal('DraftContract'),
  actor: Actor,
  at: IsoTime,
  contractId: Id,
  customerId: Id,
  vendorId: Id,
  orderId: Id.optional(),
  ...terms,
});
export type DraftContract = z.infer<typeof DraftContract>;

export const ReviseContract = z.strictObject({ type: z.literal('ReviseContract'), actor: Actor, at: IsoTime, contractId: Id, ...terms });
export type ReviseContract = z.infer<typeof ReviseContract>;

export const SendContract = z.strictObject({ type: z.literal('SendContract'), actor: Actor, at: IsoTime, contractId: Id });
export type SendContract = z.infer<typeof SendContract>;

/** Signed by the customer or the vendor's owner; the party is derived from the actor. */
export const SignContract = z.strictObject({ type: z.literal('SignContract'), actor: Actor, at: IsoTime, contractId: Id });
export type SignContract = z.infer<typeof SignContract>;

export const CancelContract = z.strictObject({
  type: z.literal('CancelContract'),
  actor: Actor,
  at: IsoTime,
  contractId: Id,
  reason: z.string().trim().min(1).max(500),
});
export type CancelContract = z.infer<typeof CancelContract>;

export const ContractCommand = z.discriminatedUnion('type', [DraftContract, ReviseContract, SendContract, SignContract, CancelContract]);
export type ContractCommand = z.infer<typeof ContractCommand>;
