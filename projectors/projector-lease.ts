import type { ViewDocument, ViewStore } from '../domain/ports/view-store.ts';

// One active projectors instance at a time (issue 12). Several instances of the projectors service
// may run (for availability); the one holding the lease follows the feed and writes the views, the
// others stand by and take over when it stops renewing. Writes are also version-checked
// (event-applier.ts), which on MongoDB alone keeps concurrent writers from losing each other's
// updates; FerretDB v1 does not isolate a conditional write, so there the lease is what keeps writers
// apart.
//
// The lease lives in the view store (`_leases`), one document per term: `<name>#<term>` with its
// holder and expiry. A term is taken by inserting its document, which only one instance can do
// (unique _id, atomic on every adapter); the holder renews its own term's expiry. An instance takes
// the next term once the latest has expired by more than `marginMs` on its own clock, and a holder
// stops writing `marginMs` before its expiry on its clock: clocks may differ by up to that margin.

export const LEASES_COLLECTION = '_leases';

interface LeaseDoc extends ViewDocument {
  name: string;
  term: number;
  owner: string;
  expiresAt: number;
  _version?: number;
}

export interface ProjectorLease {
  /** Takes, renews or gives up the lease as its state says; answers whether this instance holds it. */
  refresh(): Promise<boolean>;
  /** Whether this instance may write now: it holds the lease and it has not run out (with the margin). */
  held(): boolean;
  /** The instance that held the lease at the last refresh (null: nobody). */
  holder(): string | null;
  /**
   * Whether, at the last refresh, the lease's current term was still running on this instance's clock:
   * an instance is writing the views. False once the holder stopped renewing (died, lost its database)
   * until a standby takes the next term.
   */
  heldByAnyone(): boolean;
  /** Lets go of the lease at once (on a clean stop), so a standby need not wait for it to expire. */
  release(): Promise<void>;
}

export interface ViewStoreLeaseOptions {
  viewStore: ViewStore;
  /** What is leased: one lease per name. */
  name: string;
  /** Who this instance is (host, pid, a random part). */
  owner: string;
  /** How long a term lasts without renewal; default 15 s. Renew well within it (the runtime does every third). */
  ttlMs?: number;
  /** The clock difference tolerated between instances; default 3 s. */
  marginMs?: number;
  now?: () => number;
}

export function viewStoreLease(options: ViewStoreLeaseOptions): ProjectorLease {
  const { viewStore, name, owner } = options;
  const ttlMs = options.ttlMs ?? 15_000;
  const marginMs = options.marginMs ?? 3000;
  const now = options.now ?? Date.now;
  const leases = () => viewStore.collection<LeaseDoc>(LEASES_COLLECTION);
  const idOf = (term: number) => `${name}#${term}`;
  let mine: { term: number; expiresAt: number } | null = null;
  let lastHolder: string | null = null;
  let latestExpiresAt = 0;

  /** Inserts the term's document: true when this instance took it. */
  async function take(term: number): Promise<boolean> {
    const expiresAt = now() + ttlMs;
    const taken = await leases().writeIfVersion(idOf(term), { _id: idOf(term), name, term, owner, expiresAt }, null);
    if (taken) {
      mine = { term, expiresAt };
      latestExpiresAt = expiresAt;
      // Terms before the previous one tell nobody anything any more.
      await leases().deleteMany({ name, term: { $lt: term - 1 } });
    }
    return taken;
  }

  return {
    async refresh() {
      const [latest] = await leases().find({ name }, { sort: { term: -1 }, limit: 1 });
      const at = now();
      if (!latest) {
        mine = null;
        const taken = await take(1);
        lastHolder = taken ? owner : null;
        return taken;
      }
      lastHolder = latest.owner;
      latestExpiresAt = latest.expiresAt;
      if (latest.owner === owner && mine?.term === latest.term && at < latest.expiresAt) {
        const expiresAt = at + ttlMs;
        const { _version, ...renewed } = { ...latest, expiresAt };
        if (await leases().writeIfVersion(latest._id, renewed, typeof _version === 'number' ? _version : 0)) {
          mine = { term: latest.term, expiresAt };
          latestExpiresAt = expiresAt;
          return true;
        }
        mine = null;
        return false;
      }
      mine = null;
      // Someone else's term (or one of ours that ran out): taken over only once surely expired everywhere.
      if (at <= latest.expiresAt + marginMs) return false;
      const taken = await take(latest.term + 1);
      if (taken) lastHolder = owner;
      return taken;
    },
    held: () => mine !== null && now() < mine.expiresAt - marginMs,
    holder: () => lastHolder,
    heldByAnyone: () => now() < latestExpiresAt,
    async release() {
      if (!mine) return;
      const term = mine.term;
      mine = null;
      // Expired now: the next refresh of a standby takes the next term without waiting.
      const doc = await leases().findOne({ _id: idOf(term) });
      if (doc?.owner === owner) {
        const { _version, ...expired } = { ...doc, expiresAt: now() - marginMs - 1 };
        await leases().writeIfVersion(doc._id, expired, typeof _version === 'number' ? _version : 0);
      }
    },
  };
}
