import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id } from '../shared/ids.ts';

// Stream `favorites-<userId>` (SPEC §4): favorite vendors and favorite products.
export const VendorFavorited = event('VendorFavorited', z.strictObject({ userId: Id, vendorId: Id }));
export const VendorUnfavorited = event('VendorUnfavorited', z.strictObject({ userId: Id, vendorId: Id }));
export const ProductFavorited = event('ProductFavorited', z.strictObject({ userId: Id, productId: Id }));
export const ProductUnfavorited = event('ProductUnfavorited', z.strictObject({ userId: Id, productId: Id }));

export const FavoritesEvent = z.discriminatedUnion('type', [VendorFavorited, VendorUnfavorited, ProductFavorited, ProductUnfavorited]);
export type FavoritesEvent = z.infer<typeof FavoritesEvent>;
