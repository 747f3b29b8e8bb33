import { request as httpRequest } from 'node:http';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, DEMO_PASSWORD, signIn } from './marketplace.ts';
import { freshDemoDataDir } from '../../test/demo-data-dir.ts';

// Sessions, throttles and the websocket of the started product, as an attacker would try them from
// outside: the session cookies, the browser's cookie bridge to /api, the client address the
// throttles count (no proxy trusted by default), a login redirect holding a newline, and sockets.
let market: { url: string; close(): Promise<void> };
let dataDir: string;

beforeAll(async () => {
  const { startMarketplace } = await import('../../main.ts');
  dataDir = await freshDemoDataDir('session-security-');
  const started = await startMarketplace({ port: 0, dataDir, seed: true, logLevel: 'silent', env: { ...process.env, TRUST_PROXY: '' } });
  market = { url: started.url, close: () => started.close() };
});
afterAll(async () => {
  await market?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** An HTTP call from a chosen loopback address (127.0.0.x), as another visitor on this machine. */
function callFrom(localAddress: string, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const url = new URL(path, market.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: url.port, path: url.pathname + url.search, method, localAddress, headers: { ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk) => { text += String(chunk); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const cookieJar = (setCookies: string[]) => setCookies.map((line) => line.split(';')[0]!).filter((pair) => !pair.endsWith('=')).join('; ');

describe('the session cookies and the browser\'s bridge to /api', () => {
  it('a browser call (X-Session: cookie) signs in into HttpOnly cookies and never sees a token; its next calls carry the cookie', async () => {
    const signedIn = await fetch(`${market.url}/api/token/jwt`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-session': 'cookie', origin: market.url }, body: JSON.stringify({ email: DEMO.customer, password: DEMO_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    const body = await signedIn.json() as Record<string, unknown>;
    expect(body.token).toBeUndefined();
    expect(body.refresh_token).toBeUndefined();
    const set = signedIn.headers.getSetCookie();
    expect(set.find((line) => line.startsWith('token=ey'))).toMatch(/HttpOnly/);
    expect(set.find((line) => line.startsWith('refresh_token=ey'))).toMatch(/HttpOnly/);
    const cookie = cookieJar(set);
    const current = await fetch(`${market.url}/api/user/current`, { headers: { cookie, 'x-session': 'cookie' } });
    expect(current.status).toBe(200);
    expect((await current.json() as { email: string }).email).toBe(DEMO.customer);
    // Without the header the API takes no cookie (a plain cross-site request carries no bearer token).
    expect((await fetch(`${market.url}/api/user/current`, { headers: { cookie } })).status).toBe(401);
    // Another site's page cannot use the bridge.
    expect((await fetch(`${market.url}/api/user/current`, { headers: { cookie, 'x-session': 'cookie', origin: 'https://evil.example' } })).status).toBe(403);
    // Other clients still get their tokens in the body.
    expect(await signIn(market.url, DEMO.customer)).toMatchObject({ token: expect.stringMatching(/^ey/), refresh_token: expect.stringMatching(/^ey/) });
  });

  it('renews the session from the HttpOnly refresh cookie (POST /session/refresh), and a stolen copy used later ends it', async () => {
    const pair = await signIn(market.url, DEMO.vendor);
    const renewed = await fetch(`${market.url}/session/refresh`, { method: 'POST', headers: { cookie: `refresh_token=${pair.refresh_token}; session=1`, 'x-session': 'cookie', origin: market.url } });
    expect(renewed.status).toBe(204);
    const set = renewed.headers.getSetCookie();
    const newRefresh = set.find((line) => line.startsWith('refresh_token=ey'))!;
    expect(newRefresh).toMatch(/HttpOnly/);
    expect(newRefresh).not.toContain(pair.refresh_token);
    // Not from another site, nor without the browser's header.
    expect((await fetch(`${market.url}/session/refresh`, { method: 'POST', headers: { cookie: `refresh_token=${pair.refresh_token}`, 'x-session': 'cookie', origin: 'https://evil.example' } })).status).toBe(403);
    expect((await fetch(`${market.url}/session/refresh`, { method: 'POST', headers: { cookie: `refresh_token=${pair.refresh_token}` } })).status).toBe(403);
    // Without a refresh cookie (or a refused one): 401, and the session cookies are removed.
    const none = await fetch(`${market.url}/session/refresh`, { method: 'POST', headers: { 'x-session': 'cookie' } });
    expect(none.status).toBe(401);
    expect(none.headers.getSetCookie()).toContain('token=; Path=/; SameSite=Lax; Max-Age=0; HttpOnly');
  });

  it('signing out ends the session in the API: its refresh token is refused afterwards', async () => {
    const pair = await signIn(market.url, DEMO.customer);
    const out = await fetch(`${market.url}/en/user/logout`, { method: 'POST', redirect: 'manual', headers: { cookie: `token=${pair.token}; refresh_token=${pair.refresh_token}; session=1`, origin: market.url } });
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie()).toContain('refresh_token=; Path=/; SameSite=Lax; Max-Age=0; HttpOnly');
    const refreshed = await fetch(`${market.url}/api/token/refresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: pair.refresh_token }) });
    expect(refreshed.status).toBe(401);
  });
});

describe('the login redirect', () => {
  it('a newline in loginRedirect goes to the home page instead of failing (was 500)', async () => {
    const body = new URLSearchParams({ email: DEMO.customer, password: DEMO_PASSWORD });
    for (const target of ['%2F%0A%2Fevil.example', '%2F%0D%0ASet-Cookie:x=1', '%2F%09%2Fevil.example']) {
      const answer = await fetch(`${market.url}/en/user/login?loginRedirect=${target}`, { method: 'POST', body, redirect: 'manual', headers: { origin: market.url } });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/en');
    }
  });
});

describe('the client address the throttles count', () => {
  // The per-address limit lets 20 wrong passwords through, then makes each next attempt wait a delay
  // that doubles (1 s, 2 s, 4 s, ...); attempts during a delay are refused and not counted. A check that
  // an address is being refused must land inside a delay, so the address is driven to a delay long
  // enough (8 s) that a slow host's next request still falls in it: a 1 s delay did not, under load.
  const longDelaySeconds = 8;
  /** Wrong sign-ins from `address`, each with a new X-Forwarded-For, until one is refused for `longDelaySeconds` or more. */
  async function driveIntoLongDelay(address: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const answer = await callFrom(address, 'POST', '/api/token/jwt', JSON.stringify({ email: `nobody${i}@example.com`, password: 'whatever-1' }), {
        'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}`,
      });
      statuses.push(answer.status);
      if (answer.status !== 429) continue;
      const retryAfterSeconds = Number(answer.headers['retry-after']);
      if (retryAfterSeconds >= longDelaySeconds) return statuses;
      await new Promise((resolve) => setTimeout(resolve, retryAfterSeconds * 1000 + 100));
    }
    throw new Error(`no refusal of ${longDelaySeconds} s or more from ${address} in 60 attempts: ${statuses.join(' ')}`);
  }

  it('believes no X-Forwarded-For by default: rotating it does not get a sprayer past the per-address limit', async () => {
    const statuses = await driveIntoLongDelay('127.0.0.3');
    // Were the header believed, every attempt would count on a new address and none would be refused.
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.at(-1)).toBe(429);
    // A forged "vouched" address is not believed either.
    const forged = await callFrom('127.0.0.3', 'POST', '/api/token/jwt', JSON.stringify({ email: 'someone@example.com', password: 'whatever-1' }), {
      'content-type': 'application/json', 'x-client-address': `203.0.113.5 ${Math.floor(Date.now() / 1000)} forged-signature`,
    });
    expect(forged.status).toBe(429);
  }, 120_000);

  it("a sign-in form posted without JavaScript counts the visitor's address, not the storefront server's own", async () => {
    // The server pass calls the API from this machine; the visitor at 127.0.0.3 is the one refused.
    await driveIntoLongDelay('127.0.0.3');
    const body = new URLSearchParams({ email: DEMO.vendor, password: DEMO_PASSWORD }).toString();
    const fromThrottled = await callFrom('127.0.0.3', 'POST', '/en/user/login', body, { 'content-type': 'application/x-www-form-urlencoded', origin: market.url });
    expect(fromThrottled.status).toBe(429);
    const fromElsewhere = await callFrom('127.0.0.4', 'POST', '/en/user/login', body, { 'content-type': 'application/x-www-form-urlencoded', origin: market.url });
    expect(fromElsewhere.status).toBe(303);
  }, 120_000);
});

describe('the websocket of the product', () => {
  const wsUrl = (path: string) => market.url.replace(/^http/, 'ws') + path;
  const opened = (socket: WebSocket) => new Promise<Record<string, unknown>>((resolve, reject) => {
    socket.once('message', (data) => resolve(JSON.parse(String(data))));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
  });

  it('answers an upgrade to another path at once with 404', async () => {
    const socket = new WebSocket(wsUrl('/anything'));
    const status = await new Promise<number>((resolve) => { socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)); socket.on('error', () => {}); });
    expect(status).toBe(404);
  });

  it('signs in by the session cookie, and closes the socket when the user changes the password', async () => {
    const pair = await signIn(market.url, 'operator@demo.local');
    // Tokens issued in the very second of a revocation are let through (the changing session's own): wait a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const socket = new WebSocket(wsUrl('/ws'), { headers: { cookie: `token=${pair.token}`, origin: market.url } });
    expect((await opened(socket)).type).toBe('welcome');
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const changed = await fetch(`${market.url}/api/user/password`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${pair.token}` }, body: JSON.stringify({ currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }),
    });
    expect(changed.status).toBe(200);
    expect(await closed).toBe(4001);
    // The old access token no longer opens a socket; the fresh one does.
    const stale = new WebSocket(wsUrl('/ws'), { headers: { cookie: `token=${pair.token}` } });
    await expect(opened(stale)).rejects.toThrow(/refused 401/);
    const fresh = new WebSocket(wsUrl('/ws'), { headers: { cookie: `token=${(await changed.json() as { token: string }).token}` } });
    expect((await opened(fresh)).type).toBe('welcome');
    fresh.close();
  });
});
