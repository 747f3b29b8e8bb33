import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';
import { ProductDetails } from './events.ts';

// Commands of the product aggregate (stream `product-<productId>`), issued by the owner vendor or an
// admin. The handler checks that the vendor exists; the decider checks ownership against the stream.

export const CreateProduct = command('CreateProduct', { productId: Id, vendorId: Id, details: ProductDetails });
export type CreateProduct = z.infer<typeof CreateProduct>;

export const UpdateProduct = command('UpdateProduct', {
  productId: Id,
  /** Must be the product's vendor: products do not move between vendors. */
  vendorId: Id,
  details: ProductDetails,
});
export type UpdateProduct = z.infer<typeof UpdateProduct>;

export const RemoveProduct = command('RemoveProduct', { productId: Id, vendorId: Id });
export type RemoveProduct = z.infer<typeof RemoveProduct>;

/** Admins set a product aside (ProductArchived) and bring it back. */
export const ArchiveProduct = command('ArchiveProduct', { productId: Id, reason: z.string().trim().max(500).default('') });
export type ArchiveProduct = z.infer<typeof ArchiveProduct>;
export const UnarchiveProduct = command('UnarchiveProduct', { productId: Id });
export type UnarchiveProduct = z.infer<typeof UnarchiveProduct>;

export const ProductCommand = z.discriminatedUnion('type', [CreateProduct, UpdateProduct, RemoveProduct, ArchiveProduct, UnarchiveProduct]);
export type ProductCommand = z.infer<typeof ProductCommand>;
