import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../../domain/ports/event-store.ts';
import type { Actor } from '../../domain/shared/actor.ts';
import { AnyDomainEvent } from '../../domain/events.ts';
import { stampedValidated } from '../../infra/event-schema-stamp.ts';
import { emailStreamId } from '../../command-api/user-account.ts';
import { hashPassword } from '../../infra/auth/password-hash.ts';
import { DEFAULT_ACCESS_RULES } from '../../domain/acl/default-rules.ts';
import { places as demoPlaces } from '../../seed/demo-data.ts';

// Bench data written straight into the event store (fast), for the projectors to turn into views as
// they would any history: a catalog of vendors with products, and three accounts that can sign in.

export interface SeedEntry {
  streamId: string;
  event: AnyDomainEvent;
  actor: Actor;
}

const system: Actor = { userId: 'system', roles: ['system'], groups: [], vendorId: null };
const at = '2026-01-01T10:00:00.000Z';
const words = ['Star', 'Moon', 'Jazz', 'Klezmer', 'Piano', 'Magic', 'Circus', 'Dance', 'Rock', 'Violin', 'Choir', 'Comedy', 'Drum', 'Harp', 'Opera', 'Salsa'];
// Five of the demo's places, with their coordinates as an admin enters them: the Jewish calendar of a
// vendor page is asked at the artist's place, found by them (without, the query API reads the card again).
const cities = ['tel-aviv', 'haifa', 'jerusalem', 'eilat', 'beer-sheva'].map((key) => {
  const { he, en, lat, lng } = demoPlaces.find((place) => place.key === key)!;
  return [he, en, lat, lng] as const;
});

export const benchVendorId = (n: number) => `bench-vendor-${n}`;
/** Vendor n's name in its profile (and on its receipts). */
export const benchVendorName = (n: number) => ({ he: `אמן ${n}`, en: vendorName(n) });
/** Children of the `artist-categories` tag (the storefront needs that tag); vendor n is in category n mod 5. */
export const benchCategories = ['bands', 'singers', 'magicians', 'dancers', 'comedians'] as const;
const admin: Actor = { userId: 'bench-admin', roles: ['user', 'admin'], groups: ['superUsers'], vendorId: null };

/** The category tags and the geo locations the storefront shows. */
export function referenceEntries(): SeedEntry[] {
  const entries: SeedEntry[] = [
    { streamId: 'tag-root', actor: admin, event: { type: 'ContentCreated', data: { id: 'root', fields: { entityType: 'tag', name: { he: 'אמנים', en: 'Artists' }, alias: 'artist-categories', level: 0, order: 0, parentId: null }, at } } },
  ];
  benchCategories.forEach((alias, order) => entries.push({
    streamId: `tag-${alias}`, actor: admin,
    event: { type: 'ContentCreated', data: { id: alias, fields: { entityType: 'tag', name: { he: alias, en: alias }, alias, level: 1, order, parentId: 'root' }, at } },
  }));
  for (const [id, [he, en, lat, lng]] of cities.map((city, index) => [`city-${index}`, city] as const)) {
    entries.push({ streamId: `geolocation-${id}`, actor: admin, event: { type: 'GeoLocationCreated', data: { id, fields: { name: { he, en }, parentId: null, lat, lng }, at } } });
  }
  return entries;
}
export const vendorName = (n: number) => `${words[n % words.length]} ${words[Math.floor(n / words.length) % words.length]} ${n}`;

/** VendorCreated and two ProductCreated (a default product and a timed service) per vendor. */
export function catalogEntries(vendors: number, firstVendor = 0): SeedEntry[] {
  const entries: SeedEntry[] = [];
  for (let n = firstVendor; n < firstVendor + vendors; n++) {
    const vendorId = benchVendorId(n);
    const owner = `bench-owner-${n}`;
    const actor: Actor = { userId: owner, roles: ['user', 'vendor'], groups: [], vendorId };
    const [he, en] = cities[n % cities.length]!;
    const name = vendorName(n);
    entries.push({
      streamId: `vendor-${vendorId}`,
      actor,
      event: {
        type: 'VendorCreated',
        data: {
          vendorId, ownerUserId: owner, at,
          profile: {
            name: benchVendorName(n), tagIds: [benchCategories[n % benchCategories.length]!], about: { en: `<p>${name} plays weddings, bar mitzvahs and company events.</p>` },
            intro: { he: 'מופע חי לאירועים', en: 'A live show for events' }, languages: ['he', 'en'], originLocation: { he, en },
            images: [{ url: `https://media.example/${n}.jpg`, description: { en: 'on stage' } }], audio: [], videos: [],
            generalInfo: [{ title: { en: 'Setup' }, content: { en: '30 minutes before the show' } }], geoLocationIds: [`city-${n % cities.length}`],
          },
        },
      },
    });
    for (const type of ['default', 'timedService'] as const) {
      const productId = `${vendorId}-${type}`;
      entries.push({
        streamId: `product-${productId}`,
        actor,
        event: {
          type: 'ProductCreated',
          data: {
            productId, vendorId, at,
            details: {
              type, name: { he: 'הופעה', en: `${name} show` }, information: { en: '<p>A full show.</p>' }, featured: type === 'default',
              images: [], price: { amountMinor: 100_000 + (n % 50) * 1000 + (type === 'default' ? 0 : 50_000), currency: 'ILS' },
              additionalInformation: [], introText: { en: 'Two hours of live music.' }, serviceDuration: type === 'timedService' ? 120 : 0,
            },
          },
        },
      });
    }
  }
  return entries;
}

export interface BenchAccount { userId: string; email: string; password: string; vendorId: string | null }

/**
 * A customer, the owner of vendor 0 and an admin, active, with a known password. The admin reads the
 * job queue's counts (GET /api/admin/jobs/failed) to tell when the notification work is done.
 */
export async function accountEntries(password: string): Promise<{ entries: SeedEntry[]; customer: BenchAccount; vendor: BenchAccount; admin: BenchAccount }> {
  const passwordHash = await hashPassword(password);
  const customer: BenchAccount = { userId: 'bench-customer', email: 'bench-customer@example.com', password, vendorId: null };
  const vendor: BenchAccount = { userId: 'bench-owner-0', email: 'bench-owner-0@example.com', password, vendorId: benchVendorId(0) };
  const admin: BenchAccount = { userId: 'bench-admin', email: 'bench-admin@example.com', password, vendorId: null };
  const entries: SeedEntry[] = [];
  for (const account of [customer, vendor, admin]) {
    const { userId, email } = account;
    entries.push({ streamId: emailStreamId(email), actor: system, event: { type: 'UserEmailClaimed', data: { userId, email } } });
    entries.push({ streamId: `user-${userId}`, actor: system, event: { type: 'UserRegistered', data: { userId, email, fullName: userId, passwordHash, locale: 'en-US', activationTokenHash: 'bench', at } } });
    entries.push({ streamId: `user-${userId}`, actor: system, event: { type: 'UserActivated', data: { userId, at } } });
    if (account.vendorId) entries.push({ streamId: `user-${userId}`, actor: system, event: { type: 'UserVendorLinked', data: { userId, vendorId: account.vendorId, at } } });
  }
  entries.push({ streamId: `user-${admin.userId}`, actor: system, event: { type: 'UserRolesChanged', data: { userId: admin.userId, roles: ['admin'], groups: [], at } } });
  // The access rule the demo seed sets for it (SPEC §6): admins list the notification jobs.
  const jobsRule = DEFAULT_ACCESS_RULES.find((rule) => rule.asset === 'notificationJob' && rule.action === 'list' && rule.role === 'admin');
  if (!jobsRule) throw new Error('the default access rules no longer let admins list notification jobs');
  entries.push({ streamId: 'acl-bench-notification-jobs', actor: system, event: { type: 'AclRuleSet', data: { ruleId: 'bench-notification-jobs', rule: jobsRule, at } } });
  return { entries, customer, vendor, admin };
}

/** The event as the command handler appends it: validated, as the parse gives it, its metadata naming the schemas (infra/event-schema-stamp.ts). */
export const newEventOf = (entry: SeedEntry): NewEvent => {
  const event = AnyDomainEvent.parse(entry.event);
  return {
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: stampedValidated({ actor: entry.actor, correlationId: randomUUID(), causationId: null, at, schemaVersion: 1 }),
  };
};

/**
 * Appends in order; consecutive entries of one stream go in one append (one transaction). Up to
 * `inFlight` appends wait at once, so the store's group commit writes them together; it keeps them
 * in the order they were made.
 */
export async function appendEntries(store: EventStore, entries: readonly SeedEntry[], maxBatch = 1000, inFlight = 64): Promise<number> {
  let appended = 0;
  let waiting: Promise<unknown>[] = [];
  for (let index = 0; index < entries.length;) {
    const streamId = entries[index]!.streamId;
    const batch: NewEvent[] = [];
    while (index < entries.length && entries[index]!.streamId === streamId && batch.length < maxBatch) batch.push(newEventOf(entries[index++]!));
    waiting.push(store.append(streamId, batch, 'any'));
    appended += batch.length;
    if (waiting.length >= inFlight) {
      await Promise.all(waiting);
      waiting = [];
    }
  }
  await Promise.all(waiting);
  return appended;
}
