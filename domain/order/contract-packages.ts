import type { Actor } from '../shared/actor.ts';
import { refuse } from '../shared/refusal.ts';

// A contract package ("full event package, closed by contract": a contractService product) is bought
// only through an accepted quote or a signed contract (docs/quotes.md), never ordered and paid for
// directly: its price is agreed per event. The order workflow asks this before placing an order; the
// system itself (the quote flow, the demo seed) may still place one.
export function refuseDirectContractOrder(product: { type: string }, actor: Actor): void {
  if (product.type === 'contractService' && !actor.roles.includes('system')) {
    refuse('conflict', 'order.quote-required', 'This package is closed by contract: ask the artist for a quote, then accept it or sign the contract they send.');
  }
}
