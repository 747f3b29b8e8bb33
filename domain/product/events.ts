import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { Money } from '../shared/money.ts';
import { translatable } from '../shared/translatable.ts';

// Stream `product-<productId>`. Fields are SPEC §3 "Product form"; limits are SPEC §5.
export const ProductType = z.enum(['default', 'timedService', 'contractService']);
export type ProductType = z.infer<typeof ProductType>;

export const ProductDetails = z.strictObject({
  type: ProductType,
  name: translatable({ max: 200 }),
  /** Rich text (HTML). */
  information: z.string().trim().min(1).max(50_000),
  featured: z.boolean().default(false),
  images: z.array(z.strictObject({ url: z.string().max(2000) })).max(50).default([]),
  introImage: z.string().max(2000).optional(),
  price: Money,
  additionalInformation: z.array(z.strictObject({ title: translatable({ max: 200 }), content: translatable({ max: 5000 }) })).max(50).default([]),
  introText: z.string().trim().min(1).max(250),
  /** Minutes. Required integer for every product (SPEC §5); a timed service needs more than 0. */
  serviceDuration: z.number().int().nonnegative(),
});
export type ProductDetails = z.infer<typeof ProductDetails>;

export const ProductCreated = event('ProductCreated', z.strictObject({ productId: Id, vendorId: Id, details: ProductDetails, at: IsoTime }));
export const ProductUpdated = event('ProductUpdated', z.strictObject({ productId: Id, vendorId: Id, details: ProductDetails, at: IsoTime }));
export const ProductRemoved = event('ProductRemoved', z.strictObject({ productId: Id, vendorId: Id, at: IsoTime }));

export const ProductEvent = z.discriminatedUnion('type', [ProductCreated, ProductUpdated, ProductRemoved]);
export type ProductEvent = z.infer<typeof ProductEvent>;
