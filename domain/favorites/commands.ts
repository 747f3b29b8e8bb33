import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';

// Commands of a user's favorites (stream `favorites-<userId>`), SPEC §4. Add and remove are
// idempotent; toggle removes a present favorite and adds a missing one.
const vendorCommand = <T extends string>(type: T) => command(type, { userId: Id, vendorId: Id });
const productCommand = <T extends string>(type: T) => command(type, { userId: Id, productId: Id });

export const AddFavoriteVendor = vendorCommand('AddFavoriteVendor');
export type AddFavoriteVendor = z.infer<typeof AddFavoriteVendor>;
export const RemoveFavoriteVendor = vendorCommand('RemoveFavoriteVendor');
export type RemoveFavoriteVendor = z.infer<typeof RemoveFavoriteVendor>;
export const ToggleFavoriteVendor = vendorCommand('ToggleFavoriteVendor');
export type ToggleFavoriteVendor = z.infer<typeof ToggleFavoriteVendor>;

export const AddFavoriteProduct = productCommand('AddFavoriteProduct');
export type AddFavoriteProduct = z.infer<typeof AddFavoriteProduct>;
export const RemoveFavoriteProduct = productCommand('RemoveFavoriteProduct');
export type RemoveFavoriteProduct = z.infer<typeof RemoveFavoriteProduct>;
export const ToggleFavoriteProduct = productCommand('ToggleFavoriteProduct');
export type ToggleFavoriteProduct = z.infer<typeof ToggleFavoriteProduct>;

export const FavoritesCommand = z.discriminatedUnion('type', [
  AddFavoriteVendor, RemoveFavoriteVendor, ToggleFavoriteVendor, AddFavoriteProduct, RemoveFavoriteProduct, ToggleFavoriteProduct,
]);
export type FavoritesCommand = z.infer<typeof FavoritesCommand>;
