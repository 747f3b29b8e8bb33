import { describe, expect, it, vi } from 'vitest';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { LEASE_REFRESH_MS, LEASE_TERM_MS, viewStoreLease } from './projector-lease.ts';

/** A view store that refuses every call while `down` is set, as during a replica-set election. */
function interruptible(store: ViewStore) {
  const state = { down: false };
  const refuse = () => {
    if (state.down) throw new Error('no primary');
  };
  const wrapped: ViewStore = {
    ...store,
    collection: ((name: string) => new Proxy(store.collection(name), {
      get(target, property) {
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? (...args: unknown[]) => { refuse(); return value.apply(target, args); } : value;
      },
    })) as ViewStore['collection'],
  };
  return { store: wrapped, state };
}

/** A holder and a standby of one lease on a memory view store, on a clock the test moves. */
function holderAndStandby() {
  const clock = { now: 1_000_000 };
  const now = () => clock.now;
  const viewStore = createMemoryViewStore();
  return {
    clock,
    holder: viewStoreLease({ viewStore, name: 'projectors', owner: 'a', now }),
    standby: viewStoreLease({ viewStore, name: 'projectors', owner: 'b', now }),
  };
}

describe('projector lease', () => {
  it('rides out an election of 12 s: the holder keeps writing and renews once the database answers; no standby takes over', async () => {
    const { store, state } = interruptible(createMemoryViewStore());
    let clock = 1_000_000;
    const now = () => clock;
    const holder = viewStoreLease({ viewStore: store, name: 'projectors', owner: 'a', now });
    const standby = viewStoreLease({ viewStore: store, name: 'projectors', owner: 'b', now });
    expect(await holder.refresh()).toBe(true);
    expect(await standby.refresh()).toBe(false);

    // A renewal is due every LEASE_REFRESH_MS; the worst case is an election just before one.
    clock += LEASE_REFRESH_MS - 1;
    state.down = true;
    for (let second = 0; second < 12; second += 1) {
      clock += 1000;
      await expect(holder.refresh()).rejects.toThrow('no primary');
      await expect(standby.refresh()).rejects.toThrow('no primary');
      expect(holder.held()).toBe(true);
    }
    state.down = false;
    clock += 1000;
    expect(await holder.refresh()).toBe(true);
    expect(await standby.refresh()).toBe(false);
    expect(holder.held()).toBe(true);
  });

  it('a holder that stops renewing is taken over once its term and the margin have run out', async () => {
    const { clock, holder, standby } = holderAndStandby();
    expect(await holder.refresh()).toBe(true);
    clock.now += LEASE_TERM_MS;
    expect(holder.held()).toBe(false);
    expect(await standby.refresh()).toBe(false);
    clock.now += 3001;
    expect(await standby.refresh()).toBe(true);
    expect(await holder.refresh()).toBe(false);
  });

  it('a standby counts the lease as held while its holder renews, and no longer once the holder stopped renewing, though the term still runs', async () => {
    const { clock, holder, standby } = holderAndStandby();
    expect(await holder.refresh()).toBe(true);
    // Both refresh every LEASE_REFRESH_MS, the standby just before the holder renews: it reads a renewal
    // LEASE_REFRESH_MS old, and is asked just before its own next refresh.
    for (let round = 0; round < 5; round += 1) {
      clock.now += LEASE_REFRESH_MS - 1;
      expect(await standby.refresh()).toBe(false);
      clock.now += 1;
      expect(await holder.refresh()).toBe(true);
      clock.now += LEASE_REFRESH_MS - 1;
      expect(standby.heldByAnyone()).toBe(true);
      clock.now += 1;
    }
    // The holder dies (kill -9): it renews no more.
    const lastRenewal = clock.now - LEASE_REFRESH_MS;
    while (clock.now < lastRenewal + 3 * LEASE_REFRESH_MS + 3000) {
      expect(standby.heldByAnyone()).toBe(true);
      clock.now += LEASE_REFRESH_MS;
      expect(await standby.refresh()).toBe(false);
    }
    // Three refreshes and the margin without a renewal: nobody is writing, though the term runs on and
    // the standby may not take the next one yet.
    expect(clock.now).toBeLessThan(lastRenewal + LEASE_TERM_MS);
    expect(standby.heldByAnyone()).toBe(false);
    clock.now = lastRenewal + LEASE_TERM_MS + 3001;
    expect(await standby.refresh()).toBe(true);
    expect(standby.heldByAnyone()).toBe(true);
  });

  it('preempt takes the next term from a live holder, which stands by at its next refresh; untilSole waits for the holder\'s term to run out', async () => {
    // The clock and the waits are the test's: a loaded machine must not move the terms' ends under it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const store = createMemoryViewStore();
      const options = { viewStore: store, name: 'projectors', ttlMs: 400, marginMs: 100 };
      const holder = viewStoreLease({ ...options, owner: 'projectors-1' });
      const rebuild = viewStoreLease({ ...options, owner: 'views:rebuild' });
      expect(await holder.refresh()).toBe(true);
      const holderEnds = (await store.collection<{ _id: string; expiresAt: number }>('_leases').findOne({ _id: 'projectors#1' }))!.expiresAt;

      await vi.advanceTimersByTimeAsync(50);
      await rebuild.preempt();
      expect(rebuild.held()).toBe(true);
      expect(await holder.refresh()).toBe(false);
      expect(holder.held()).toBe(false);
      expect(holder.holder()).toBe('views:rebuild');
      let sole = false;
      const waiting = rebuild.untilSole().then(() => { sole = true; });
      // The rebuild renews its term meanwhile, as its timer does.
      await vi.advanceTimersByTimeAsync(250);
      expect(await rebuild.refresh()).toBe(true);
      // The holder may write until its term's end and the margin: still waiting then.
      await vi.advanceTimersByTimeAsync(holderEnds + 100 - Date.now());
      expect(sole).toBe(false);
      await vi.advanceTimersByTimeAsync(20);
      await waiting;
      expect(Date.now()).toBeGreaterThan(holderEnds + 100);
      // Renewed as any term; released, the next refresh of the other instance takes the lease back.
      expect(await rebuild.refresh()).toBe(true);
      await rebuild.release();
      expect(await holder.refresh()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('untilSole waits for a renewal that was in flight when the term was preempted', async () => {
    const store = createMemoryViewStore();
    const options = { viewStore: store, name: 'projectors', ttlMs: 300, marginMs: 50 };
    const holder = viewStoreLease({ ...options, owner: 'projectors-1' });
    const rebuild = viewStoreLease({ ...options, owner: 'views:rebuild' });
    expect(await holder.refresh()).toBe(true);
    await rebuild.preempt();
    // The holder's renewal read the lease before the preemption and writes after it.
    const leases = store.collection<{ _id: string; expiresAt: number; _version?: number }>('_leases');
    const term = (await leases.findOne({ _id: 'projectors#1' }))!;
    const renewedUntil = Date.now() + 600;
    expect(await leases.writeIfVersion(term._id, { ...term, expiresAt: renewedUntil }, term._version ?? 0)).toBe(true);
    await rebuild.untilSole();
    expect(Date.now()).toBeGreaterThan(renewedUntil + 50);
  });

  it('keeps its term when renewals overlap on a slow database (a timer firing before the last renewal answered)', async () => {
    const memory = createMemoryViewStore();
    // Every call to the leases' collection answers 30 ms late, as FerretDB does under load.
    const slow: ViewStore = {
      ...memory,
      collection: ((name: string) => new Proxy(memory.collection(name), {
        get(target, property) {
          const value = Reflect.get(target, property);
          return typeof value === 'function' ? async (...args: unknown[]) => { await new Promise((resolve) => setTimeout(resolve, 30)); return value.apply(target, args); } : value;
        },
      })) as ViewStore['collection'],
    };
    const holder = viewStoreLease({ viewStore: slow, name: 'projectors', owner: 'views:rebuild' });
    await holder.preempt();
    const renewals = await Promise.all([holder.refresh(), holder.refresh(), holder.refresh()]);
    expect(renewals).toEqual([true, true, true]);
    expect(holder.held()).toBe(true);
  });
});
