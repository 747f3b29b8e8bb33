import { allowedContractCommands, type Contract } from '../../../domain/contract/decider.ts';
import type { ContractParty, CurrentUser, ServiceContract } from '../../api/view-models.ts';
import { actorOf, sideOf } from '../../app/current-actor.ts';

// Which contract actions a reader may take now, decided by the same rule the command side enforces
// (domain/contract/decider.ts allowedContractCommands, docs/contracts.md), so the page offers exactly
// the buttons the API will accept.
export type ContractAction = ReturnType<typeof allowedContractCommands>[number];

function contractStateOf(contract: ServiceContract): Contract {
  return {
    status: contract.status,
    contractId: contract.contractId,
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
export const partyOf = (contract: ServiceContract, user: CurrentUser): ContractParty | null => sideOf(contract, user);

export const signatureCount = (contract: ServiceContract): number =>
  Number(contract.signatures.customer !== null) + Number(contract.signatures.vendor !== null);
