import type { EventStore } from '../domain/ports/event-store.ts';
import type { OrderedProduct } from '../domain/order/events.ts';
import type { ProductEvent } from '../domain/product/events.ts';
import type { z } from 'zod';
import { streamId } from '../domain/shared/ids.ts';
import { toDomainEvent } from './command-handler.ts';

// What an order copies from its product at the time it is placed, read from `product-<id>`:
// the newest details, or null when the product does not exist or was removed.
export async function loadOrderedProduct(eventStore: EventStore, productId: string): Promise<z.infer<typeof OrderedProduct> | null> {
  const events = await eventStore.readStream(streamId('product', productId));
  let product: z.infer<typeof OrderedProduct> | null = null;
  for (const recorded of events) {
    const event = toDomainEvent<ProductEvent>(recorded);
    if (event.type === 'ProductRemoved') {
      product = null;
      continue;
    }
    const { details, vendorId } = event.data;
    product = {
      productId,
      vendorId,
      type: details.type,
      name: details.name,
      price: details.price,
      ...(details.type === 'timedService' ? { serviceDuration: details.serviceDuration } : {}),
    };
  }
  return product;
}
