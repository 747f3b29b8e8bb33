import { describe, expect, it } from 'vitest';
import { spec } from '../shared/decider-spec.ts';
import type { Actor } from '../shared/actor.ts';
import { systemActor } from '../shared/actor.ts';
import type { FavoritesCommand } from './commands.ts';
import type { FavoritesEvent } from './events.ts';
import { favoritesDecider, isFavoriteProduct, isFavoriteVendor } from './decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const user: Actor = { userId: 'u-1', roles: ['user'], groups: [], vendorId: null };
const someoneElse: Actor = { userId: 'u-2', roles: ['user', 'admin'], groups: [], vendorId: null };

type VendorType = 'AddFavoriteVendor' | 'RemoveFavoriteVendor' | 'ToggleFavoriteVendor';
type ProductType = 'AddFavoriteProduct' | 'RemoveFavoriteProduct' | 'ToggleFavoriteProduct';
const vendorCommand = (type: VendorType, actor: Actor = user): FavoritesCommand => ({ type, actor, at, userId: 'u-1', vendorId: 'v-1' });
const productCommand = (type: ProductType, actor: Actor = user): FavoritesCommand => ({ type, actor, at, userId: 'u-1', productId: 'p-1' });

const vendorFavorited: FavoritesEvent = { type: 'VendorFavorited', data: { userId: 'u-1', vendorId: 'v-1' } };
const vendorUnfavorited: FavoritesEvent = { type: 'VendorUnfavorited', data: { userId: 'u-1', vendorId: 'v-1' } };
const productFavorited: FavoritesEvent = { type: 'ProductFavorited', data: { userId: 'u-1', productId: 'p-1' } };
const productUnfavorited: FavoritesEvent = { type: 'ProductUnfavorited', data: { userId: 'u-1', productId: 'p-1' } };

describe('favorites decider: vendors', () => {
  it('adds a vendor; adding it again decides nothing', () => {
    spec(favoritesDecider).given([]).when(vendorCommand('AddFavoriteVendor')).then([vendorFavorited]);
    spec(favoritesDecider).given([vendorFavorited]).when(vendorCommand('AddFavoriteVendor')).then([]);
  });

  it('removes a vendor; removing a missing one decides nothing', () => {
    spec(favoritesDecider).given([vendorFavorited]).when(vendorCommand('RemoveFavoriteVendor')).then([vendorUnfavorited]);
    spec(favoritesDecider).given([]).when(vendorCommand('RemoveFavoriteVendor')).then([]);
    spec(favoritesDecider).given([vendorFavorited, vendorUnfavorited]).when(vendorCommand('RemoveFavoriteVendor')).then([]);
  });

  it('toggle removes a present vendor, otherwise adds it (SPEC §4)', () => {
    spec(favoritesDecider).given([]).when(vendorCommand('ToggleFavoriteVendor')).then([vendorFavorited]);
    spec(favoritesDecider).given([vendorFavorited]).when(vendorCommand('ToggleFavoriteVendor')).then([vendorUnfavorited]);
    spec(favoritesDecider).given([vendorFavorited, vendorUnfavorited]).when(vendorCommand('ToggleFavoriteVendor')).then([vendorFavorited]);
  });
});

describe('favorites decider: products', () => {
  it('adds, removes and toggles products idempotently', () => {
    spec(favoritesDecider).given([]).when(productCommand('AddFavoriteProduct')).then([productFavorited]);
    spec(favoritesDecider).given([productFavorited]).when(productCommand('AddFavoriteProduct')).then([]);
    spec(favoritesDecider).given([productFavorited]).when(productCommand('RemoveFavoriteProduct')).then([productUnfavorited]);
    spec(favoritesDecider).given([]).when(productCommand('RemoveFavoriteProduct')).then([]);
    spec(favoritesDecider).given([]).when(productCommand('ToggleFavoriteProduct')).then([productFavorited]);
    spec(favoritesDecider).given([productFavorited]).when(productCommand('ToggleFavoriteProduct')).then([productUnfavorited]);
  });

  it('vendor and product favorites are separate lists', () => {
    const state = spec(favoritesDecider).given([vendorFavorited, productFavorited, vendorUnfavorited]).state;
    expect(isFavoriteVendor(state, 'v-1')).toBe(false);
    expect(isFavoriteProduct(state, 'p-1')).toBe(true);
  });
});

describe('favorites decider: who', () => {
  it.each(['AddFavoriteVendor', 'RemoveFavoriteVendor', 'ToggleFavoriteVendor'] as const)('%s only by the user themselves', (type) => {
    expect(spec(favoritesDecider).given([vendorFavorited]).when(vendorCommand(type, someoneElse)).thenRefused('favorites.forbidden').kind).toBe('forbidden');
  });
  it.each(['AddFavoriteProduct', 'RemoveFavoriteProduct', 'ToggleFavoriteProduct'] as const)('%s only by the user themselves', (type) => {
    spec(favoritesDecider).given([productFavorited]).when(productCommand(type, someoneElse)).thenRefused('favorites.forbidden');
  });
  it('the system may act for a user (importing guest cookie favorites)', () => {
    spec(favoritesDecider).given([]).when(vendorCommand('AddFavoriteVendor', systemActor)).then([vendorFavorited]);
  });
});
