import type { z } from 'zod';
import type { ProductState } from '../product/decider.ts';
import type { OrderedProduct } from './events.ts';

/**
 * What an order copies from its product when it is placed (`PlaceOrder.product`): the product's
 * current details, or null when it does not exist or was removed.
 */
export function orderedProductOf(product: ProductState): z.infer<typeof OrderedProduct> | null {
  if (product.status !== 'active') return null;
  const { productId, vendorId, details } = product;
  return {
    productId,
    vendorId,
    type: details.type,
    name: details.name,
    price: details.price,
    ...(details.type === 'timedService' ? { serviceDuration: details.serviceDuration } : {}),
    ...(details.paymentTerms ? { paymentTerms: details.paymentTerms } : {}),
  };
}
