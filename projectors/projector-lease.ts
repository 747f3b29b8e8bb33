import type { ViewDocument, ViewStore } from '../domain/ports/view-store.ts';

// One active projectors instance at a time. Several instances of the projectors service
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
//
// Timing (the defaults): a term lasts 20 s from its last renewal, renewed every 2 s and retried every
// second after a failed renewal (runtime.ts). A holder thus rides out ~14 s without its database — a
// replica-set election after a primary steps down takes about 10–12 s — and keeps the lease. When the
// holder dies, a standby takes over 21–25 s later (the term's end, the margin, and the standby's next
// refresh); a holder that stops cleanly releases the term and a standby takes over at its next refresh.
// A rebuild (projectors/rebuild-cli.ts) preempts the lease: it takes the next term at once and waits
// for the preempted one to run out before it swaps the rebuilt views in.

export const LEASES_COLLECTION = '_leases';
/** How long a term lasts without renewal, by default. */
export const LEASE_TERM_MS = 20_000;
/** How often the holder renews (and a standby asks), by default; a failed renewal is retried sooner. */
export const LEASE_REFRESH_MS = 2_000;

interface LeaseDoc extends ViewDocument {
  name: string;
  term: number;
  owner: string;
  expiresAt: number;
  _version?: number;
}

export interface ProjectorLease {
  /** Takes, renews or gives up the lease as its state says; answers whether this instance holds it. A call while one is under way shares its answer. */
  refresh(): Promise<boolean>;
  /** Whether this instance may write now: it holds the lease and it has not run out (with the margin). */
  held(): boolean;
  /** The instance that held the lease at the last refresh (null: nobody). */
  holder(): string | null;
  /**
   * Whether an instance is writing the views, as far as this one can tell: the lease's current term, as
   * read at the last refresh, was renewed within `renewedWithinMs` on this instance's clock. False once
   * the holder stopped renewing (died, lost its database) until a term is taken again, though its term
   * may run on for a while: nobody writes the views meanwhile.
   */
  heldByAnyone(): boolean;
  /** Lets go of the lease at once (on a clean stop), so a standby need not wait for it to expire. */
  release(): Promise<void>;
  /**
   * Takes the next term now, whoever holds the current one (a rebuild outranks the running instances).
   * The holder sees the newer term at its next refresh and stands by; until its term has run out it may
   * still be writing: see untilSole. Renew with refresh as usual.
   */
  preempt(): Promise<void>;
  /** Resolves once the term preempt took over has run out on every clock: nobody else writes any more. */
  untilSole(): Promise<void>;
}

export interface ViewStoreLeaseOptions {
  viewStore: ViewStore;
  /** What is leased: one lease per name. */
  name: string;
  /** Who this instance is (host, pid, a random part). */
  owner: string;
  /** How long a term lasts without renewal; default 20 s. Renew well within it (the runtime does every 2 s). */
  ttlMs?: number;
  /** The clock difference tolerated between instances; default 3 s. */
  marginMs?: number;
  /**
   * How long after its holder last renewed a term counts as held (heldByAnyone); default three
   * LEASE_REFRESH_MS and the margin: a live holder renews every LEASE_REFRESH_MS, and this instance reads
   * the term as often, so a renewal it saw is at most two of those old, and the clocks may differ by the
   * margin. So a holder killed with -9 stops counting ~9 s after its last renewal, not at its term's end.
   */
  renewedWithinMs?: number;
  now?: () => number;
}

export function viewStoreLease(options: ViewStoreLeaseOptions): ProjectorLease {
  const { viewStore, name, owner } = options;
  const ttlMs = options.ttlMs ?? LEASE_TERM_MS;
  const marginMs = options.marginMs ?? 3000;
  const renewedWithinMs = options.renewedWithinMs ?? 3 * LEASE_REFRESH_MS + marginMs;
  const now = options.now ?? Date.now;
  const leases = () => viewStore.collection<LeaseDoc>(LEASES_COLLECTION);
  const idOf = (term: number) => `${name}#${term}`;
  let mine: { term: number; expiresAt: number } | null = null;
  let lastHolder: string | null = null;
  let latestExpiresAt = 0;
  /** The term preempt took the lease from, if it was anyone's. */
  let preempted: string | null = null;

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

  /**
   * One renewal at a time: two that overlap (a timer firing before a slow database answered the last)
   * would read the same version, and the one refused would give up a term that is still ours.
   */
  let refreshing: Promise<boolean> | null = null;
  async function refreshOnce(): Promise<boolean> {
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
  }

  return {
    refresh() {
      refreshing ??= refreshOnce().finally(() => { refreshing = null; });
      return refreshing;
    },
    held: () => mine !== null && now() < mine.expiresAt - marginMs,
    holder: () => lastHolder,
    // A term's end is its holder's last renewal plus the term (on the holder's clock).
    heldByAnyone: () => now() < Math.min(latestExpiresAt, latestExpiresAt - ttlMs + renewedWithinMs),
    async preempt() {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const [latest] = await leases().find({ name }, { sort: { term: -1 }, limit: 1 });
        if (await take((latest?.term ?? 0) + 1)) {
          preempted = latest && latest.owner !== owner ? latest._id : null;
          lastHolder = owner;
          return;
        }
        // Another instance took that term meanwhile: outrank it too.
      }
      throw new Error(`could not take the ${name} lease: other instances kept taking terms`);
    },
    async untilSole() {
      if (!preempted) return;
      // Read again after each wait: a renewal that was in flight when the term was preempted may have moved its end.
      for (;;) {
        const doc = await leases().findOne({ _id: preempted });
        const wait = (doc?.expiresAt ?? 0) + marginMs - now();
        if (wait <= 0) break;
        await new Promise((resolve) => setTimeout(resolve, wait + 10));
      }
      preempted = null;
    },
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
