import { createHmac } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { EventStore } from '../domain/ports/event-store.ts';
import { userStream } from '../domain/user/decider.ts';
import { vendorStream } from '../domain/vendor/decider.ts';
import { withIdempotencySeed, type RequestContext } from './request-context.ts';

// Artist registration is two appends on two streams: VendorCreated on a new `vendor-<id>`, then
// UserVendorLinked on the user's stream. A process that dies between them leaves a vendor its owner
// is not linked to yet; a retry must finish that registration, not create a second vendor. So a
// registration runs with ids derived from the user — not from the request, which a retry does not
// repeat (the route takes no Idempotency-Key: its answer holds tokens) — the vendor id and the event
// ids of both commands, and the command handler answers the events it finds with those ids instead of
// deciding again (command-handler.ts). Every attempt of one registration converges on one vendor.
//
// "One registration": the user's n-th, n counting the vendors they let go of (UserVendorUnlinked, when
// an admin gives their vendor to someone else). A user holds one vendor at most, so after letting go
// of one they may register another, under new ids. The seed is keyed with the server secret, so nobody
// can compute a user's next vendor id.

/** How many vendors the user has let go of: the number of their registration to come. */
async function registrationNumber(eventStore: EventStore, userId: string): Promise<number> {
  const events = await eventStore.readStream(userStream(userId));
  return events.filter((event) => event.type === 'UserVendorUnlinked').length;
}

/** Whether the vendor was created with this profile: a registration answered already, asked again. */
export async function registeredWith(eventStore: EventStore, vendorId: string, profile: unknown): Promise<boolean> {
  const [created] = await eventStore.readStream(vendorStream(vendorId), { maxCount: 1 });
  return created?.type === 'VendorCreated' && isDeepStrictEqual(JSON.parse(JSON.stringify((created.data as { profile?: unknown }).profile ?? null)), JSON.parse(JSON.stringify(profile)));
}

/** The request as the user's current registration: `newId()` is its vendor id, its commands' event ids are derived. */
export async function asArtistRegistration(context: RequestContext, eventStore: EventStore, secret: string): Promise<RequestContext> {
  const userId = context.actor.userId;
  if (!userId) throw new Error('asArtistRegistration: a signed-in user registers as an artist');
  const n = await registrationNumber(eventStore, userId);
  const seed = createHmac('sha256', secret).update(`artist-registration\n${userId}\n${n}`).digest('base64url');
  return withIdempotencySeed(context, seed);
}
