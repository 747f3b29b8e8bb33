import { describe, expect, it } from 'vitest';
import { spec } from '../shared/decider-spec.ts';
import type { Actor } from '../shared/actor.ts';
import { ils } from '../shared/money.ts';
import { ContractEvent } from './events.ts';
import type { ContractCommand, DraftContract } from './commands.ts';
import type { ContractStatus } from './decider.ts';
import { allowedContractCommands, contractDecider } from './decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const customer: Actor = { userId: 'u-customer', roles: ['user'], groups: [], vendorId: null };
const vendorOwner: Actor = { userId: 'u-vendor', roles: ['user', 'vendor'], groups: [], vendorId: 'v-1' };
const admin: Actor = { userId: 'u-admin', roles: ['user', 'admin'], groups: [], vendorId: null };
const stranger: Actor = { userId: 'u-stranger', roles: ['user', 'vendor'], groups: [], vendorId: 'v-2' };

const draft = (fields: Partial<DraftContract> = {}): ContractCommand => ({
  type: 'DraftContract', actor: vendorOwner, at, contractId: 'k-1', customerId: 'u-customer', vendorId: 'v-1',
  title: 'Wedding show', terms: 'Two sets of 45 minutes.', price: ils(5000), ...fields,
});
const revise = (actor: Actor = vendorOwner): ContractCommand => ({
  type: 'ReviseContract', actor, at, contractId: 'k-1', title: 'Wedding show', terms: 'Three sets of 45 minutes.', price: ils(6500), eventDate: '2026-12-24T18:00:00.000Z',
});
const send = (actor: Actor = vendorOwner): ContractCommand => ({ type: 'SendContract', actor, at, contractId: 'k-1' });
const signatureOf = (actor: Actor): string => (actor === customer ? 'Dana Levi' : 'Noa Cohen');
const sign = (actor: Actor): ContractCommand => ({ type: 'SignContract', actor, at, contractId: 'k-1', signatureName: ` ${signatureOf(actor)} ` });
const cancel = (actor: Actor): ContractCommand => ({ type: 'CancelContract', actor, at, contractId: 'k-1', reason: 'Event moved' });

const drafted: ContractEvent = {
  type: 'ContractDrafted',
  data: { contractId: 'k-1', customerId: 'u-customer', vendorId: 'v-1', title: 'Wedding show', terms: 'Two sets of 45 minutes.', price: ils(5000), at },
};
const sent: ContractEvent = { type: 'ContractSent', data: { contractId: 'k-1', at } };
const customerSigned: ContractEvent = { type: 'ContractSigned', data: { contractId: 'k-1', party: 'customer', signerId: 'u-customer', signatureName: 'Dana Levi', at } };
const vendorSigned: ContractEvent = { type: 'ContractSigned', data: { contractId: 'k-1', party: 'vendor', signerId: 'u-vendor', signatureName: 'Noa Cohen', at } };
const fullySigned: ContractEvent = { type: 'ContractFullySigned', data: { contractId: 'k-1', at } };
const canceled: ContractEvent = { type: 'ContractCanceled', data: { contractId: 'k-1', reason: 'Event moved', by: 'u-customer', at } };

const histories: Record<ContractStatus, ContractEvent[]> = {
  draft: [drafted],
  sent: [drafted, sent],
  signed: [drafted, sent, customerSigned, vendorSigned, fullySigned],
  canceled: [drafted, canceled],
};

describe('contract decider: drafting', () => {
  it('the vendor drafts a contract for a customer', () => {
    const [event] = spec(contractDecider).given([]).when(draft({ title: ' Wedding show ' })).then([drafted]);
    expect(ContractEvent.parse(event)).toEqual(event);
  });
  it('a draft names the contractService product it is for, when given', () => {
    const { contractId, customerId, vendorId, ...terms } = drafted.data as Extract<ContractEvent, { type: 'ContractDrafted' }>['data'];
    const events = spec(contractDecider).given([]).when(draft({ productId: 'p-7' }))
      .then([{ type: 'ContractDrafted', data: { contractId, customerId, vendorId, productId: 'p-7', ...terms } }]);
    expect(spec(contractDecider).given(events).state).toMatchObject({ productId: 'p-7', status: 'draft' });
  });
  it('an admin may draft for a vendor; others may not', () => {
    spec(contractDecider).given([]).when(draft({ actor: admin })).then([drafted]);
    expect(spec(contractDecider).given([]).when(draft({ actor: customer })).thenRefused('contract.forbidden').kind).toBe('forbidden');
    spec(contractDecider).given([]).when(draft({ actor: stranger })).thenRefused('contract.forbidden');
  });
  it('not with your own vendor; not twice', () => {
    spec(contractDecider).given([]).when(draft({ customerId: 'u-vendor' })).thenRefused('contract.own-vendor');
    expect(spec(contractDecider).given([drafted]).when(draft()).thenRefused('contract.already-exists').kind).toBe('conflict');
  });
  it('the vendor revises a draft', () => {
    const events = spec(contractDecider).given([drafted]).when(revise()).then([{
      type: 'ContractRevised',
      data: { contractId: 'k-1', title: 'Wedding show', terms: 'Three sets of 45 minutes.', price: ils(6500), eventDate: '2026-12-24T18:00:00.000Z', at },
    }]);
    const state = [drafted, ...events].reduce(contractDecider.evolve, contractDecider.initialState);
    expect(state).toMatchObject({ status: 'draft', price: ils(6500), eventDate: '2026-12-24T18:00:00.000Z' });
  });
  it('the vendor sends a draft', () => {
    spec(contractDecider).given([drafted]).when(send()).then([sent]);
  });
  it('any command on a missing contract is not found', () => {
    for (const command of [revise(), send(), sign(customer), cancel(customer)]) {
      expect(spec(contractDecider).given([]).when(command).thenRefused('contract.not-found').kind).toBe('not_found');
    }
  });
});

describe('contract decider: signing', () => {
  it('the first signature is recorded; the second also makes the contract fully signed', () => {
    spec(contractDecider).given([drafted, sent]).when(sign(customer)).then([customerSigned]);
    spec(contractDecider).given([drafted, sent, customerSigned]).when(sign(vendorOwner)).then([vendorSigned, fullySigned]);
    spec(contractDecider).given([drafted, sent]).when(sign(vendorOwner)).then([vendorSigned]);
    spec(contractDecider).given([drafted, sent, vendorSigned]).when(sign(customer)).then([customerSigned, fullySigned]);
    expect(spec(contractDecider).given(histories.signed).state?.status).toBe('signed');
  });
  it('a signature is the typed full name, trimmed; a blank one is refused', () => {
    expect(spec(contractDecider).given([drafted, sent]).when({ ...sign(customer), signatureName: '   ' } as ContractCommand).thenRefused('contract.signature-required').kind).toBe('invalid');
  });
  it('each party signs once', () => {
    expect(spec(contractDecider).given([drafted, sent, customerSigned]).when(sign(customer)).thenRefused('contract.already-signed').kind).toBe('conflict');
  });
  it('only the parties sign — not an admin, not a stranger', () => {
    spec(contractDecider).given([drafted, sent]).when(sign(admin)).thenRefused('contract.forbidden');
    spec(contractDecider).given([drafted, sent]).when(sign(stranger)).thenRefused('contract.forbidden');
  });
});

describe('contract decider: canceling', () => {
  it('either party cancels a draft or a sent contract', () => {
    spec(contractDecider).given([drafted]).when(cancel(customer)).then([canceled]);
    spec(contractDecider).given([drafted, sent]).when(cancel(vendorOwner)).then([{ ...canceled, data: { ...canceled.data, by: 'u-vendor' } }]);
  });
  it('a signed contract is canceled only by an admin', () => {
    spec(contractDecider).given(histories.signed).when(cancel(admin)).then([{ ...canceled, data: { ...canceled.data, by: 'u-admin' } }]);
    expect(spec(contractDecider).given(histories.signed).when(cancel(customer)).thenRefused('contract.forbidden').reason).toMatch(/only an admin/);
  });
  it('a stranger may not cancel; a reason is needed', () => {
    spec(contractDecider).given([drafted]).when(cancel(stranger)).thenRefused('contract.forbidden');
    spec(contractDecider).given([drafted]).when({ ...cancel(customer), reason: '  ' } as ContractCommand).thenRefused('contract.reason-required');
  });
});

// The transition table of docs/contracts.md, status × command × actor, written out independently.
const allowed = new Set([
  'draft ReviseContract vendor', 'draft ReviseContract admin', 'draft SendContract vendor', 'draft SendContract admin',
  'draft CancelContract customer', 'draft CancelContract vendor', 'draft CancelContract admin',
  'sent SignContract customer', 'sent SignContract vendor',
  'sent CancelContract customer', 'sent CancelContract vendor', 'sent CancelContract admin',
  'signed CancelContract admin',
]);
const actors = { customer, vendor: vendorOwner, admin, stranger } as const;
const commandsFor: Record<'ReviseContract' | 'SendContract' | 'SignContract' | 'CancelContract', (actor: Actor) => ContractCommand> = {
  ReviseContract: revise, SendContract: send, SignContract: sign, CancelContract: cancel,
};
const cases = (Object.keys(histories) as ContractStatus[]).flatMap((status) =>
  (Object.keys(commandsFor) as Array<keyof typeof commandsFor>).flatMap((command) =>
    (Object.keys(actors) as Array<keyof typeof actors>).map((who) => ({ status, command, who }))));

describe('contract transition table (status × command × actor)', () => {
  it.each(cases)('$status × $command by $who', ({ status, command, who }) => {
    const given = spec(contractDecider).given(histories[status]);
    const when = given.when(commandsFor[command](actors[who]));
    if (allowed.has(`${status} ${command} ${who}`)) {
      const events = contractDecider.decide(commandsFor[command](actors[who]), given.state);
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) ContractEvent.parse(event);
      expect(allowedContractCommands(given.state, actors[who])).toContain(command);
      return;
    }
    expect(allowedContractCommands(given.state, actors[who])).not.toContain(command);
    const legalSomewhere = [...allowed].some((triple) => triple.startsWith(`${status} ${command} `));
    if (!legalSomewhere) {
      // A stranger is told they have no part in it; a party is told the status does not allow it.
      if (who === 'stranger' || (command === 'SignContract' && who === 'admin') || ((command === 'ReviseContract' || command === 'SendContract') && who === 'customer')) {
        when.thenRefused('contract.forbidden');
      } else {
        expect(when.thenRefused('contract.illegal-transition').reason).toMatch(/^(This contract|Both parties)/);
      }
    } else {
      when.thenRefused('contract.forbidden');
    }
  });
});
