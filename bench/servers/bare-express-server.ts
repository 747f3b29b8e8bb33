import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { serveUntilParentSaysStop } from '../server-process.ts';

// The baseline server: bare Express 5 JSON routes doing no work, on the same machine and the same
// loopback. GET /bare/json answers the bytes of BARE_JSON_FILE (a real answer of the project, so
// both sides send the same payload); POSTs parse the JSON body and answer a small JSON document,
// like the command API's write answers.
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

const server = app.listen(0, '127.0.0.1');
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const { port } = server.address() as AddressInfo;
await serveUntilParentSaysStop(`http://127.0.0.1:${port}`, async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
