import { z } from 'zod';
import { favoritesDecider, favoritesStream } from '../../domain/favorites/decider.ts';
import { Id } from '../../domain/shared/ids.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { requireProductExists, requireVendorExists } from '../vendor-exists.ts';
import { WriteResult } from '../write-result.ts';

// A user's favorite vendors and products (SPEC §4, SPEC §7 paths), on `favorites-<userId>`.

export function favoriteRoutes(deps: CommandDeps): CommandRoute[] {
  const favorites = deps.aggregate(favoritesDecider, favoritesStream);

  // Add and remove are idempotent (SPEC §7 POST/DELETE); toggle is SPEC §4's "remove if favorite, else add".
  const favorite = (action: 'add' | 'remove' | 'toggle', kind: 'vendor' | 'product') => {
    const base = kind === 'vendor' ? '/api/artists/vendor/:vendorId/favored/by-user' : '/api/store/product/:productId/favored/by-user';
    const params = kind === 'vendor' ? z.strictObject({ vendorId: Id }) : z.strictObject({ productId: Id });
    const verb = { add: 'Add', remove: 'Remove', toggle: 'Toggle' }[action];
    return defineRoute({
      method: action === 'remove' ? 'delete' : 'post', path: action === 'toggle' ? `${base}/toggle` : base,
      summary: `${verb} a favorite ${kind} of the signed-in user`, tags: ['favorites'], auth: 'user', params, response: WriteResult,
    }, async ({ params, context }) => {
      const userId = context.actor.userId!;
      const p = params as { vendorId?: string; productId?: string };
      let outcome;
      if (p.vendorId !== undefined) {
        if (action !== 'remove') await requireVendorExists(deps.eventStore, p.vendorId);
        const type = ({ add: 'AddFavoriteVendor', remove: 'RemoveFavoriteVendor', toggle: 'ToggleFavoriteVendor' } as const)[action];
        outcome = await favorites.execute(context, userId, { type, userId, vendorId: p.vendorId });
      } else {
        if (action !== 'remove') await requireProductExists(deps.eventStore, p.productId!);
        const type = ({ add: 'AddFavoriteProduct', remove: 'RemoveFavoriteProduct', toggle: 'ToggleFavoriteProduct' } as const)[action];
        outcome = await favorites.execute(context, userId, { type, userId, productId: p.productId! });
      }
      return written((p.vendorId ?? p.productId)!, outcome);
    });
  };

  return (['vendor', 'product'] as const).flatMap((kind) => (['add', 'remove', 'toggle'] as const).map((action) => favorite(action, kind)));
}
