import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp, type WebApp } from './server.ts';

// SPEC §6 on the server pass: a signed-in reader whose user check fails (here every API call, as when
// the API is away or slower than the 2 s) is told to try again; a reader without a session still goes
// to sign in. web/app/guards.test.ts covers the same rule in the browser's environment.
let web: WebApp;
let server: Server;
let origin: string;

beforeAll(async () => {
  const apiAway = (async () => { throw new TypeError('fetch failed'); }) as unknown as typeof fetch;
  web = await createWebApp({ apiBaseUrl: 'http://127.0.0.1:9', production: false, secureCookies: false, fetch: apiAway, logError: () => {} });
  const host = express();
  host.use(web.router);
  server = await new Promise<Server>((resolve) => { const listening = host.listen(0, '127.0.0.1', () => resolve(listening)); });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await web?.close();
});

describe('a guarded page when the user check fails', () => {
  it('answers 503 with the page that says to try again, not the sign-in page', async () => {
    const response = await fetch(`${origin}/en/user/dashboard/orders`, { redirect: 'manual', headers: { cookie: 'token=a.b.c; session=1' } });
    expect(response.status).toBe(503);
    expect(response.headers.get('location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('data-testid="error-try-again"');
  });

  it('still sends a reader without a session to sign in', async () => {
    const response = await fetch(`${origin}/en/user/dashboard/orders`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toContain('/en/user/login?loginRedirect=');
  });
});
