import { allowedContractCommands, type Contract } from '../../../domain/contract/decider.ts';
import type { Actor } from '../../../domain/shared/actor.ts';
import type { ContractParty, CurrentUser, ServiceContract } from '../../api/view-models.ts';

// Which contract actions a reader may take now, decided by the same rule the command side enforces
// (domain/contract/decider.ts allowedContractCommands, docs/contracts.md), so the page offers exactly
// the buttons the API will accept.
export type ContractAction = ReturnType<typeof allowedContractCommands>[number];

export function actorOf(user: CurrentUser): Actor {
  const roles: Actor['roles'] = ['user'];
  if (user.vendorId) roles.push('vendor');
  if (user.isAdmin) roles.push('admin');
  if (user.isOperator) roles.push('operator');
  return { userId: user.id, roles, groups: user.groups, vendorId: user.vendorId };
}

function contractStateOf(contract: ServiceContract): Contract {
  return {
    status: contract.status,
    contractId: contract.id,
    customerId: contract.customerId,
    vendorId: contract.vendorId,
    title: contract.title,
    terms: contract.terms,
    price: contract.price,
    signedBy: { customer: contract.signatures.customer !== null, vendor: contract.signatures.vendor !== null },
  };
}

export const allowedActions = (contract: ServiceContract, user: CurrentUser): ContractAction[] => allowedContractCommands(contractStateOf(contract), actorOf(user));

/** The reader's side of the contract; null for an admin who is neither. */
export function partyOf(contract: ServiceContract, user: CurrentUser): ContractParty | null {
  if (contract.customerId === user.id) return 'customer';
  if (user.vendorId !== null && contract.vendorId === user.vendorId) return 'vendor';
  return null;
}

export const signatureCount = (contract: ServiceContract): number =>
  Number(contract.signatures.customer !== null) + Number(contract.signatures.vendor !== null);
