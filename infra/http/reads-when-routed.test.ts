import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { describe, expect, it } from 'vitest';
import { readsWhenRouted } from './reads-when-routed.ts';

// The router as its own walk would answer, and wrapped: every request gets the same answer, and a GET
// or HEAD that no layer could take does not enter the router.

function toyRouter(): Router {
  const router = express.Router();
  router.get('/api/things/:id', (req, res) => { res.json({ got: req.params.id }); });
  router.post('/api/things/:id/archive', (req, res) => { res.status(202).json({ archived: req.params.id }); });
  router.put('/api/other/:id', (_req, res) => { res.status(204).end(); });
  // Errors raised in the router (a parameter that does not decode) are answered here.
  router.use((error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => { res.status(error.status ?? 500).json({ error: error.message }); });
  return router;
}

interface Answer { status: number; body: string; allow: string | null }

/** The answers of an app where `handler` (the router, or it wrapped) comes before a last 404 handler. */
async function answersOf(handler: express.RequestHandler, requests: Array<[string, string]>): Promise<Answer[]> {
  const app = express();
  app.use(handler);
  app.use((req, res) => { res.status(404).json({ after: `${req.method} ${req.path}` }); });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  try {
    const answers: Answer[] = [];
    for (const [method, path] of requests) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { method });
      answers.push({ status: response.status, body: await response.text(), allow: response.headers.get('allow') });
    }
    return answers;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('readsWhenRouted', () => {
  const requests: Array<[string, string]> = [
    ['GET', '/api/things/a'],
    ['HEAD', '/api/things/a'],
    ['GET', '/API/Things/b'],
    ['GET', '/api/things/a/archive'],
    ['GET', '/api/other/a'],
    ['GET', '/api/things/%E0%A4%A/archive'],
    ['GET', '/api/things/%41'],
    ['GET', '/elsewhere?x=1'],
    ['POST', '/api/things/a/archive'],
    ['POST', '/api/things/%E0%A4%A/archive'],
    ['OPTIONS', '/api/things/a/archive'],
    ['DELETE', '/api/things/a'],
  ];

  it('answers every request as the router alone does', async () => {
    const plain = await answersOf(toyRouter(), requests);
    const wrapped = await answersOf(readsWhenRouted(toyRouter()), requests);
    expect(wrapped).toEqual(plain);
    expect(plain[0]).toMatchObject({ status: 200, body: '{"got":"a"}' });
    expect(plain[3]).toMatchObject({ status: 404, body: '{"after":"GET /api/things/a/archive"}' });
    expect(plain[5]!.status).toBe(400);
    expect(plain[10]).toMatchObject({ status: 200, allow: 'POST' });
  });

  it('tries only the paths of its GET routes for a GET that none of its layers could take, and never walks', async () => {
    const router = toyRouter();
    const tried: string[] = [];
    for (const layer of router.stack as unknown as Array<{ match(path: string): unknown }>) {
      const match = layer.match.bind(layer);
      layer.match = (path: string) => { tried.push(path); return match(path); };
    }
    const answers = await answersOf(readsWhenRouted(router), [['GET', '/api/other/a'], ['GET', '/elsewhere']]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404]);
    // One layer (the GET route) tried once per request: the router's walk would try each of its four.
    expect(tried).toEqual(['/api/other/a', '/elsewhere']);
  });

  it('always enters a router holding a middleware (it takes every request)', async () => {
    const router = toyRouter();
    let seen = 0;
    router.stack.unshift(...express.Router().use((_req, _res, next) => { seen += 1; next(); }).stack);
    await answersOf(readsWhenRouted(router), [['GET', '/api/other/a'], ['GET', '/elsewhere']]);
    expect(seen).toBe(2);
  });
});
