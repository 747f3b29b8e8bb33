import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { Money } from '../shared/money.ts';
import { translatable } from '../shared/translatable.ts';
import { PaymentTerms } from '../order/payment-terms.ts';
import { productInformation, productIntroText, productName, serviceDuration } from '../shared/validation.ts';

// Stream `product-<productId>`. Fields are SPEC §3 "Product form"; limits are SPEC §5.
export const ProductType = z.enum(['default', 'timedService', 'contractService']);
export type ProductType = z.infer<typeof ProductType>;

export const ProductDetails = z.strictObject({
  type: ProductType,
  name: productName,
  /** Rich text (HTML). */
  information: productInformation,
  featured: z.boolean().default(false),
  images: z.array(z.strictObject({ url: z.string().max(2000) })).max(50).default([]),
  introImage: z.string().max(2000).optional(),
  price: Money,
  additionalInformation: z.array(z.strictObject({ title: translatable({ max: 200 }), content: translatable({ max: 5000 }) })).max(50).default([]),
  introText: productIntroText,
  /** Minutes. Required integer for every product (SPEC §5); a timed service needs more than 0. */
  serviceDuration,
  /** Deposit, balance due, cancellation policy and most instalments (issue 26); absent: paid in full, flexible, one payment (`defaultPaymentTerms`). */
  paymentTerms: PaymentTerms.optional(),
});
export type ProductDetails = z.infer<typeof ProductDetails>;

export const ProductCreated = event('ProductCreated', z.strictObject({ productId: Id, vendorId: Id, details: ProductDetails, at: IsoTime }));
export const ProductUpdated = event('ProductUpdated', z.strictObject({ productId: Id, vendorId: Id, details: ProductDetails, at: IsoTime }));
export const ProductRemoved = event('ProductRemoved', z.strictObject({ productId: Id, vendorId: Id, at: IsoTime }));

/**
 * Set aside by the back office: hidden from the storefront and not orderable, kept with its history and
 * its orders, and brought back as it was (unlike a removal, which is for good). The reason is for admins.
 */
export const ProductArchived = event('ProductArchived', z.strictObject({ productId: Id, vendorId: Id, reason: z.string().max(500), at: IsoTime }));
/** Back on the storefront; carries the details so every view shows it again from this event alone. */
export const ProductUnarchived = event('ProductUnarchived', z.strictObject({ productId: Id, vendorId: Id, details: ProductDetails, at: IsoTime }));

export const ProductEvent = z.discriminatedUnion('type', [ProductCreated, ProductUpdated, ProductRemoved, ProductArchived, ProductUnarchived]);
export type ProductEvent = z.infer<typeof ProductEvent>;
