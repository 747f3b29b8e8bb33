import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import express from 'express';
import { serveUntilParentSaysStop } from '../server-process.ts';
import { EVENTS_SCHEMA } from '../../infra/event-store/sqlite-append-group.ts';

// The baseline server: bare Express 5 JSON routes doing no work, on the same machine and the same
// loopback. GET /bare/json answers the bytes of BARE_JSON_FILE (a real answer of the project, so
// both sides send the same payload); POSTs parse the JSON body and answer a small JSON document,
// like the command API's write answers.
// With BARE_APPEND_FILE the same POSTs also exist under /durable: each makes one durable raw append
// (an autocommit INSERT into the event store's own table, WAL, synchronous=FULL: one fsync), the
// "4 POSTs + 4 durable raw appends" baseline of figure 2. No decider, no read, no projection.
const payload = process.env.BARE_JSON_FILE ? readFileSync(process.env.BARE_JSON_FILE, 'utf8') : JSON.stringify({ items: [], total: 0 });

const app = express();
app.use(express.json({ limit: '1mb' }));
app.get('/bare/json', (_req, res) => {
  res.type('application/json').send(payload);
});
app.post('/bare/orders', (_req, res) => {
  const id = randomUUID();
  res.status(201).json({ id, streamId: `order-${id}`, revision: 0, position: 1 });
});
app.post('/bare/orders/:id/:action', (req, res) => {
  res.json({ id: req.params.id, streamId: `order-${req.params.id}`, revision: 1, position: 1 });
});

if (process.env.BARE_APPEND_FILE) {
  const db = new DatabaseSync(process.env.BARE_APPEND_FILE);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec(EVENTS_SCHEMA);
  const insert = db.prepare('INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  // The next revision per stream, kept here so an append is only the INSERT.
  const revisions = new Map<string, number>();
  const append = (streamId: string, type: string, data: unknown): { revision: number; position: number } => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    const { lastInsertRowid } = insert.run(randomUUID(), streamId, revision, type, JSON.stringify(data), '{}', new Date().toISOString());
    revisions.set(streamId, revision);
    return { revision, position: Number(lastInsertRowid) };
  };
  app.post('/durable/orders', (req, res) => {
    const id = randomUUID();
    const streamId = `order-${id}`;
    res.status(201).json({ id, streamId, ...append(streamId, 'OrderPlaced', req.body) });
  });
  app.post('/durable/orders/:id/:action', (req, res) => {
    const streamId = `order-${req.params.id}`;
    res.json({ id: req.params.id, streamId, ...append(streamId, req.params.action, req.body) });
  });
}

const server = app.listen(0, '127.0.0.1');
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const { port } = server.address() as AddressInfo;
await serveUntilParentSaysStop(`http://127.0.0.1:${port}`, async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
