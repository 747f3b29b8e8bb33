import type { Decider } from '../shared/decider.ts';
import type { Actor } from '../shared/actor.ts';
import type { Money } from '../shared/money.ts';
import { isAdmin, ownsVendor } from '../shared/actor.ts';
import { refuse } from '../shared/refusal.ts';
import type { ContractEvent } from './events.ts';
import type { ContractCommand } from './commands.ts';
import { streamOf } from '../shared/ids.ts';

// A service contract (stream `contract-<contractId>`). Transitions, as chosen (docs/contracts.md):
//   —              DraftContract   vendor, admin           → draft
//   draft          ReviseContract  vendor, admin           → draft
//   draft          SendContract    vendor, admin           → sent
//   sent           SignContract    customer, vendor (once each) → sent; the second signature → signed
//   draft, sent    CancelContract  customer, vendor, admin → canceled
//   signed         CancelContract  admin                   → canceled
// Revising is only possible before sending, so what a party signs is exactly what was sent.

export type ContractStatus = 'draft' | 'sent' | 'signed' | 'canceled';
export type ContractParty = 'customer' | 'vendor';

export interface Contract {
  status: ContractStatus;
  contractId: string;
  customerId: string;
  vendorId: string;
  orderId?: string;
  productId?: string;
  title: string;
  terms: string;
  price: Money;
  eventDate?: string;
  signedBy: Record<ContractParty, boolean>;
}

export type ContractState = Contract | null;

/** The stream of one contract (`contract-<contractId>`). */
export const contractStream = streamOf('contract');

export const contractDecider: Decider<ContractState, ContractCommand, ContractEvent> = {
  initialState: null,

  evolve(state, event) {
    if (event.type === 'ContractDrafted') {
      const { at: _at, ...fields } = event.data;
      return { status: 'draft', ...fields, signedBy: { customer: false, vendor: false } };
    }
    if (state === null) return state;
    switch (event.type) {
      case 'ContractRevised': {
        const { title, terms, price, eventDate } = event.data;
        const { eventDate: _previous, ...rest } = state;
        return { ...rest, title, terms, price, ...(eventDate ? { eventDate } : {}) };
      }
      case 'ContractSent':
        return { ...state, status: 'sent' };
      case 'ContractSigned':
        return { ...state, signedBy: { ...state.signedBy, [event.data.party]: true } };
      case 'ContractFullySigned':
        return { ...state, status: 'signed' };
      case 'ContractCanceled':
        return { ...state, status: 'canceled' };
    }
  },

  decide(command, state) {
    const { actor, at } = command;
    if (command.type === 'DraftContract') {
      const { contractId, customerId, vendorId, orderId, productId, title, terms, price, eventDate } = command;
      if (!ownsVendor(actor, vendorId) && !isAdmin(actor)) return refuse('forbidden', 'contract.forbidden', 'Only the vendor can draft its contracts.');
      if (actor.userId === customerId && ownsVendor(actor, vendorId)) {
        return refuse('forbidden', 'contract.own-vendor', 'You cannot make a contract with your own vendor profile.');
      }
      if (state !== null) return refuse('conflict', 'contract.already-exists', 'This contract already exists.');
      return [{
        type: 'ContractDrafted',
        data: {
          contractId, customerId, vendorId, ...(orderId ? { orderId } : {}), ...(productId ? { productId } : {}), title: title.trim(), terms: terms.trim(), price,
          ...(eventDate ? { eventDate } : {}), at,
        },
      }];
    }
    if (state === null) return refuse('not_found', 'contract.not-found', 'There is no such contract.');
    const { contractId } = state;
    switch (command.type) {
      case 'ReviseContract': {
        authorizeVendorSide(actor, state);
        if (state.status !== 'draft') return illegal(state.status, 'revised');
        const { title, terms, price, eventDate } = command;
        return [{ type: 'ContractRevised', data: { contractId, title: title.trim(), terms: terms.trim(), price, ...(eventDate ? { eventDate } : {}), at } }];
      }
      case 'SendContract':
        authorizeVendorSide(actor, state);
        if (state.status !== 'draft') return illegal(state.status, 'sent');
        return [{ type: 'ContractSent', data: { contractId, at } }];
      case 'SignContract': {
        const signer = signerOf(actor, state);
        if (signer === null) return refuse('forbidden', 'contract.forbidden', 'Only the customer and the vendor can sign this contract.');
        const { party, signerId } = signer;
        if (state.status !== 'sent') return illegal(state.status, 'signed');
        if (state.signedBy[party]) return refuse('conflict', 'contract.already-signed', 'You have already signed this contract.');
        const signatureName = command.signatureName.trim();
        if (signatureName === '') return refuse('invalid', 'contract.signature-required', 'Type your full name to sign.');
        const signed: ContractEvent = { type: 'ContractSigned', data: { contractId, party, signerId, signatureName, at } };
        const otherParty: ContractParty = party === 'customer' ? 'vendor' : 'customer';
        return state.signedBy[otherParty] ? [signed, { type: 'ContractFullySigned', data: { contractId, at } }] : [signed];
      }
      case 'CancelContract': {
        const party = partyOf(actor, state);
        if (party === null && !isAdmin(actor)) return refuse('forbidden', 'contract.forbidden', 'Only the customer, the vendor or an admin can cancel this contract.');
        if (state.status === 'canceled') return illegal(state.status, 'canceled');
        if (state.status === 'signed' && !isAdmin(actor)) {
          return refuse('forbidden', 'contract.forbidden', 'Both parties signed this contract, so only an admin can cancel it.');
        }
        const reason = command.reason.trim();
        if (reason === '') return refuse('invalid', 'contract.reason-required', 'Please say why the contract is canceled.');
        return [{ type: 'ContractCanceled', data: { contractId, reason, by: actor.userId, at } }];
      }
    }
  },
};

/** The party the actor signs for: the customer, or the vendor's owner; null for anyone else. */
function signerOf(actor: Actor, contract: Contract): { party: ContractParty; signerId: string } | null {
  if (actor.userId === null) return null;
  if (actor.userId === contract.customerId) return { party: 'customer', signerId: actor.userId };
  if (ownsVendor(actor, contract.vendorId)) return { party: 'vendor', signerId: actor.userId };
  return null;
}

const partyOf = (actor: Actor, contract: Contract): ContractParty | null => signerOf(actor, contract)?.party ?? null;

function authorizeVendorSide(actor: Actor, contract: Contract): void {
  if (!ownsVendor(actor, contract.vendorId) && !isAdmin(actor)) {
    refuse('forbidden', 'contract.forbidden', 'Only the vendor can change or send this contract.');
  }
}

const statusSentence: Record<ContractStatus, string> = {
  draft: 'This contract has not been sent yet',
  sent: 'This contract was already sent',
  signed: 'Both parties already signed this contract',
  canceled: 'This contract was canceled',
};

function illegal(status: ContractStatus, verb: 'revised' | 'sent' | 'signed' | 'canceled'): never {
  if (status === 'canceled' && verb === 'canceled') return refuse('conflict', 'contract.illegal-transition', 'This contract is already canceled.');
  return refuse('conflict', 'contract.illegal-transition', `${statusSentence[status]}, so it cannot be ${verb}${status === 'draft' ? ' yet' : ' any more'}.`);
}

/** The commands an actor may issue on a contract now (for the UI's buttons). */
export function allowedContractCommands(contract: ContractState, actor: Actor): Array<'ReviseContract' | 'SendContract' | 'SignContract' | 'CancelContract'> {
  if (contract === null) return [];
  const party = partyOf(actor, contract);
  const vendorSide = ownsVendor(actor, contract.vendorId) || isAdmin(actor);
  const allowed: Array<'ReviseContract' | 'SendContract' | 'SignContract' | 'CancelContract'> = [];
  if (contract.status === 'draft' && vendorSide) allowed.push('ReviseContract', 'SendContract');
  if (contract.status === 'sent' && party !== null && !contract.signedBy[party]) allowed.push('SignContract');
  if ((contract.status === 'draft' || contract.status === 'sent') && (party !== null || isAdmin(actor))) allowed.push('CancelContract');
  if (contract.status === 'signed' && isAdmin(actor)) allowed.push('CancelContract');
  return allowed;
}
