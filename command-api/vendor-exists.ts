import type { EventStore } from '../domain/ports/event-store.ts';
import { productDecider, productStream } from '../domain/product/decider.ts';
import { vendorDecider, vendorStream } from '../domain/vendor/decider.ts';
import { problems } from '../infra/http/problem.ts';
import { loadFolded } from './command-handler.ts';

/** 404 unless the vendor was ever created: links to a vendor (favorites, conversations) must point somewhere. */
export async function requireVendorExists(eventStore: EventStore, vendorId: string): Promise<void> {
  const { state } = await loadFolded(eventStore, vendorDecider, vendorStream(vendorId));
  if (state.status === 'absent') throw problems.notFound('There is no such vendor.');
}

/** 404 unless the product was ever created (removed or not). */
export async function requireProductExists(eventStore: EventStore, productId: string): Promise<void> {
  const { state } = await loadFolded(eventStore, productDecider, productStream(productId));
  if (state.status === 'absent') throw problems.notFound('There is no such product.');
}
