import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
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
export const DraftContract = command('DraftContract', {
  contractId: Id,
  customerId: Id,
  vendorId: Id,
  orderId: Id.optional(),
  /** The vendor's contractService product the contract is for (checked by the command API). */
  productId: Id.optional(),
  ...terms,
});
export type DraftContract = z.infer<typeof DraftContract>;

export const ReviseContract = command('ReviseContract', { contractId: Id, ...terms });
export type ReviseContract = z.infer<typeof ReviseContract>;

export const SendContract = command('SendContract', { contractId: Id });
export type SendContract = z.infer<typeof SendContract>;

/** Signed by the customer or the vendor's owner; the party is derived from the actor. The signature is
 * the full name the signer typed (after agreeing to the terms). */
export const SignContract = command('SignContract', { contractId: Id, signatureName: z.string().trim().min(1).max(200) });
export type SignContract = z.infer<typeof SignContract>;

export const CancelContract = command('CancelContract', { contractId: Id, reason: z.string().trim().min(1).max(500) });
export type CancelContract = z.infer<typeof CancelContract>;

export const ContractCommand = z.discriminatedUnion('type', [DraftContract, ReviseContract, SendContract, SignContract, CancelContract]);
export type ContractCommand = z.infer<typeof ContractCommand>;
