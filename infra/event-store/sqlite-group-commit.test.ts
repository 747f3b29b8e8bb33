import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { configureConnection, EVENTS_SCHEMA, groupWriter, type AppendRequest } from './sqlite-append-group.ts';
import { createGroupCommit, type GroupCommitWhere } from './sqlite-group-commit.ts';

// Group commit of the node:sqlite event store: how appends are grouped into transactions, and that
// one append's refusal or failure stays its own. The store's behaviour through the port is covered
// by the conformance suite (sqlite-event-store.test.ts).

const dir = mkdtempSync(join(tmpdir(), 'sqlite-group-commit-'));
let files = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function freshDatabase(): { path: string; db: DatabaseSync } {
  const path = join(dir, `events-${files++}.sqlite`);
  const db = new DatabaseSync(path);
  configureConnection(db, 'FULL');
  db.exec(EVENTS_SCHEMA);
  return { path, db };
}

const request = (streamId: string, expected: AppendRequest['expected'], types: string[] = ['Tested']): AppendRequest => ({
  streamId,
  expected,
  rows: types.map((type, n) => ({ id: `${streamId}-${n}-${Math.random()}`, type, data: '{}', metadata: '{}' })),
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe.each<[string, (path: string, db: DatabaseSync) => GroupCommitWhere]>([
  ['on the event loop', (_path, db) => ({ writer: 'inline', db })],
  ['in the writer thread', (path) => ({ writer: 'thread', path, synchronous: 'FULL', busyTimeoutMs: 5000 })],
])('group commit %s', (_name, whereOf) => {
  it('writes the appends made in one turn in one transaction', async () => {
    const { path, db } = freshDatabase();
    let commits = 0;
    const commit = createGroupCommit(whereOf(path, db), () => { commits += 1; });
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, n) => commit.append(request(`s-${n}`, 'no_stream'))));
    expect(commits).toBe(1);
    expect(outcomes.map((o) => o.kind)).toEqual(Array(10).fill('appended'));
    const positions = outcomes.map((o) => (o.kind === 'appended' ? o.position : -1));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await commit.close();
    expect(db.prepare('SELECT COUNT(*) AS n FROM events').get()).toEqual({ n: 10 });
    db.close();
  });

  it('appends made while a commit is in flight share the next one, in order', async () => {
    const { path, db } = freshDatabase();
    let commits = 0;
    const commit = createGroupCommit(whereOf(path, db), () => { commits += 1; });
    const first = commit.append(request('s', 'no_stream'));
    await nextTurn(); // the first group has been handed to the writer
    const rest = Array.from({ length: 9 }, () => commit.append(request('s', 'any')));
    const outcomes = await Promise.all([first, ...rest]);
    expect(commits).toBe(2);
    expect(outcomes.map((o) => (o.kind === 'appended' ? o.nextRevision : o.kind))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await commit.close();
    db.close();
  });

  it('a refused append and a failing append leave the rest of their group written', async () => {
    const { path, db } = freshDatabase();
    // A trigger makes any 'Poison' event fail to insert, after the rows before it in its append.
    db.exec(`CREATE TRIGGER poison BEFORE INSERT ON events WHEN NEW.type = 'Poison' BEGIN SELECT RAISE(ABORT, 'poisoned event'); END`);
    const commit = createGroupCommit(whereOf(path, db), () => undefined);
    await commit.append(request('existing', 'no_stream'));
    const [refused, poisoned, fine] = await Promise.all([
      commit.append(request('existing', 'no_stream')),
      commit.append(request('poisoned', 'no_stream', ['Tested', 'Tested', 'Poison'])),
      commit.append(request('fine', 'no_stream', ['Tested', 'Tested'])),
    ]);
    expect(refused).toEqual({ kind: 'refused', actual: 0 });
    expect(poisoned.kind).toBe('failed');
    expect(poisoned.kind === 'failed' && String((poisoned.error as Error).message)).toMatch(/poisoned event/);
    expect(fine).toMatchObject({ kind: 'appended', nextRevision: 1 });
    await commit.close();
    const streams = db.prepare('SELECT stream_id AS stream, COUNT(*) AS n FROM events GROUP BY stream_id ORDER BY stream_id').all();
    expect(streams).toEqual([{ stream: 'existing', n: 1 }, { stream: 'fine', n: 2 }]);
    db.close();
  });

  it('close writes what was queued before it', async () => {
    const { path, db } = freshDatabase();
    const commit = createGroupCommit(whereOf(path, db), () => undefined);
    const pending = Array.from({ length: 5 }, (_, n) => commit.append(request(`q-${n}`, 'no_stream')));
    await commit.close();
    expect((await Promise.all(pending)).every((o) => o.kind === 'appended')).toBe(true);
    expect(db.prepare('SELECT COUNT(*) AS n FROM events').get()).toEqual({ n: 5 });
    db.close();
  });
});

describe('the writer thread', () => {
  it('does not keep a process alive once its appends are written, even unclosed', () => {
    const { path, db } = freshDatabase();
    db.close();
    const store = new URL('./sqlite-event-store.ts', import.meta.url).href;
    const script = `
      const { openSqliteEventStore } = await import(${JSON.stringify(store)});
      const store = await openSqliteEventStore({ path: ${JSON.stringify(path)} });
      const metadata = { actor: { userId: null, roles: ['system'], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
      const result = await store.append('left-open', [{ id: 'e-1', type: 'Tested', data: {}, metadata }], 'no_stream');
      console.log('appended at', result.position);`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('appended at 1');
    expect(child.status).toBe(0);
  });
});

describe('groupWriter', () => {
  it('takes the write lock before reading revisions: another connection waits for it', () => {
    const { path, db } = freshDatabase();
    const other = new DatabaseSync(path, { timeout: 0 });
    const write = groupWriter(db);
    db.exec('BEGIN IMMEDIATE');
    expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked/);
    db.exec('ROLLBACK');
    expect(write([request('a', 'no_stream')]).outcomes).toMatchObject([{ kind: 'appended', nextRevision: 0 }]);
    other.close();
    db.close();
  });
});
