import type { EventStore } from '../domain/ports/event-store.ts';
import { streamId } from '../domain/shared/ids.ts';
import { problems } from '../infra/http/problem.ts';

/** 404 unless `vendor-<id>` exists: links to a vendor (favorites, conversations) must point somewhere. */
export async function requireVendorExists(eventStore: EventStore, vendorId: string): Promise<void> {
  const [first] = await eventStore.readStream(streamId('vendor', vendorId), { maxCount: 1 });
  if (!first) throw problems.notFound('There is no such vendor.');
}

export async function requireProductExists(eventStore: EventStore, productId: string): Promise<void> {
  const [first] = await eventStore.readStream(streamId('product', productId), { maxCount: 1 });
  if (!first) throw problems.notFound('There is no such product.');
}
