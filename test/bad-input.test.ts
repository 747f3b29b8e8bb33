import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMarketplace, type Marketplace } from '../main.ts';
import { DEMO_ACCOUNTS } from '../seed/seed-demo.ts';
import { productDetails } from '../command-api/testing/fixtures.ts';

// Bad input from outside, against the product as `npm start` runs it (one process, demo
// seed): huge and deep bodies, wrong content types, broken UTF-8, huge query strings, odd paging,
// Mongo-operator injection, and markup in every text a user writes. Each is a clear 4xx
// problem+json, never a 5xx, and markup comes back on the server-rendered pages as text.

let market: Marketplace;
let dataDir: string;
const tokens = { customer: '', vendor: '', admin: '' };

interface Answer { status: number; contentType: string; body: any; text: string }

async function send(method: string, path: string, options: { token?: string; body?: string | Uint8Array<ArrayBuffer>; contentType?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(new URL(path, market.url), {
    method,
    headers: {
      ...(options.contentType ? { 'content-type': options.contentType } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body,
  });
  const text = await response.text();
  let body: unknown = null;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body, text };
}

const json = (method: string, path: string, token: string | undefined, body: unknown) =>
  send(method, path, { token, body: JSON.stringify(body), contentType: 'application/json' });

/** A clear refusal: the status asked for (or any 4xx), as problem+json naming that status. */
function expectProblem(answer: Answer, status?: number): void {
  const what = `${answer.status} ${answer.text.slice(0, 300)}`;
  if (status) expect(answer.status, what).toBe(status);
  else expect(answer.status >= 400 && answer.status < 500, what).toBe(true);
  expect(answer.contentType, what).toContain('application/problem+json');
  expect(answer.body?.status, what).toBe(answer.status);
  expect(typeof answer.body?.title, what).toBe('string');
}

async function signIn(email: string): Promise<string> {
  const answer = await json('POST', '/api/token/jwt', undefined, { email, password: 'demo-password' });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'marketplace-bad-input-'));
  market = await startMarketplace({ port: 0, dataDir, env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' } });
  tokens.customer = await signIn(DEMO_ACCOUNTS.customer);
  tokens.vendor = await signIn(DEMO_ACCOUNTS.vendor);
  tokens.admin = await signIn(DEMO_ACCOUNTS.admin);
}, 180_000);

afterAll(async () => {
  await market?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('bad bodies', () => {
  it('refuses 10 MB bodies with 413 on every kind of write, signed in or not', async () => {
    const tenMegabytes = JSON.stringify({ notes: 'x'.repeat(10 * 1024 * 1024) });
    for (const [path, token] of [['/api/orders', tokens.customer], ['/api/user/register', undefined], ['/api/conversations', tokens.customer], ['/api/token/jwt', undefined]] as const) {
      expectProblem(await send('POST', path, { token, body: tenMegabytes, contentType: 'application/json' }), 413);
    }
    expectProblem(await send('PUT', '/api/vendor/profile', { token: tokens.vendor, body: tenMegabytes, contentType: 'application/json' }), 413);
  });

  it('refuses JSON nested 10,000 levels deep with 400 (it overflowed the stack: 500), and anything past 32 levels', async () => {
    const head = await market.adapters.eventStore.headPosition();
    const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    const arrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    for (const body of [objects(10_000), arrays(10_000), arrays(100_000), `{"productId":"p","notes":${objects(10_000)}}`, `{"productId":${arrays(33)}}`]) {
      const answer = await send('POST', '/api/orders', { token: tokens.customer, body, contentType: 'application/json' });
      // Past the 100 kB body limit it is 413 before any parsing.
      expectProblem(answer, body.length > 100 * 1024 ? 413 : 400);
    }
    const deep = await send('POST', '/api/orders', { token: tokens.customer, body: objects(10_000), contentType: 'application/json' });
    expect(deep.body.detail).toContain('nested more than 32 levels');
    // A field that takes any value (the terms box: only an explicit false refuses) is no way around the limit.
    expectProblem(await send('POST', '/api/user/register', { body: `{"email":"deep@example.com","password":"a-good-password","fullName":"Deep","acceptTerms":${objects(40)}}`, contentType: 'application/json' }), 400);
    expect(await market.adapters.eventStore.headPosition()).toBe(head);
  });

  it('refuses a body that is not JSON with 415 naming the type to send, instead of calling every field missing', async () => {
    const body = JSON.stringify({ productId: 'p' });
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'text/html']) {
      const answer = await send('POST', '/api/orders', { token: tokens.customer, body, contentType });
      expectProblem(answer, 415);
      expect(answer.body.detail, contentType).toContain('application/json');
    }
    // No type at all (fetch would send text/plain): still 415.
    const untyped = await new Promise<Answer>((done, fail) => {
      const outgoing = httpRequest(new URL('/api/orders', market.url), { method: 'POST', headers: { authorization: `Bearer ${tokens.customer}`, 'content-length': Buffer.byteLength(body) } }, (incoming) => {
        let text = '';
        incoming.on('data', (chunk) => { text += chunk; });
        incoming.on('end', () => done({ status: incoming.statusCode!, contentType: String(incoming.headers['content-type']), body: JSON.parse(text), text }));
      });
      outgoing.on('error', fail);
      outgoing.end(body);
    });
    expectProblem(untyped, 415);
    // A write whose fields are all optional still takes no body at all.
    expect((await send('POST', '/api/notifications/read-all', { token: tokens.customer })).status).toBe(200);
  });

  it('refuses broken UTF-8 in the body, a path or a query with 400 (a query was read as U+FFFD and searched: 200)', async () => {
    const latin1 = new Uint8Array(Buffer.concat([Buffer.from('{"productId":"caf'), Buffer.from([0xe9, 0xff]), Buffer.from('"}')]));
    expectProblem(await send('POST', '/api/orders', { token: tokens.customer, body: latin1, contentType: 'application/json' }), 400);
    expectProblem(await send('GET', '/api/ecommerce/vendor/%E0%A4%A'), 400);
    for (const query of ['text=%FF%FE', 'text=%ED%A0%80', 'text=caf%E9', '%FF=1']) {
      const answer = await send('GET', `/api/ecommerce/vendor?${query}`);
      expectProblem(answer, 400);
      expect(answer.body.detail).toContain('UTF-8');
    }
    expectProblem(await send('GET', '/api/orders?status=%C0%AF', { token: tokens.customer }), 400);
    // Well-formed text of any script is fine.
    expect((await send('GET', `/api/ecommerce/vendor?text=${encodeURIComponent('להקה 🎻')}`)).status).toBe(200);
  });
});

describe('bad queries', () => {
  it('answers huge query strings with 422 (a parameter too long or unknown) or 431 (past the header limit)', async () => {
    expectProblem(await send('GET', `/api/ecommerce/vendor?text=${'a'.repeat(10_000)}`), 422);
    expectProblem(await send('GET', `/api/ecommerce/vendor?text=${'a'.repeat(200_000)}`), 431);
    const many = Array.from({ length: 2_000 }, (_, i) => `p${i}=1`).join('&');
    expectProblem(await send('GET', `/api/ecommerce/vendor?${many}`), 422);
    expectProblem(await send('GET', `/api/ecommerce/vendor?${Array.from({ length: 500 }, () => 'text=a').join('&')}`), 422);
  });

  it('refuses NaN, negative, fractional, exponent and huge paging with 422 naming the parameter, on every kind of list', async () => {
    const lists: [string, string | undefined][] = [
      ['/api/ecommerce/vendor', undefined], ['/api/ecommerce/product', undefined], ['/api/orders', tokens.customer],
      ['/api/conversations', tokens.customer], ['/api/admin/users', tokens.admin], ['/api/entity/article', undefined],
    ];
    const bad = ['limit=NaN', 'limit=-1', 'limit=1.5', 'limit=1e2', 'limit=0x10', 'limit=99999999999999999999', 'limit=Infinity', 'start=-5', 'start=NaN', 'start=2.5', 'limit=10&limit=20'];
    for (const [path, token] of lists) {
      for (const query of bad) {
        const answer = await send('GET', `${path}?${query}`, { token });
        expectProblem(answer, 422);
        expect(answer.body.errors.map((error: { field: string }) => error.field).join(), `${path}?${query}`).toMatch(/query\.(limit|start)/);
      }
    }
  });

  it('refuses Mongo operators in filters (422) and searches regex characters as plain text', async () => {
    for (const query of ['text[$ne]=x', 'text%5B%24ne%5D=x', 'vendorId[$ne]=x', 'category[$regex]=.*', 'text[$where]=sleep(100)', '$where=1', 'text[]=a']) {
      const answer = await send('GET', `/api/ecommerce/vendor?${query}`);
      expectProblem(answer, 422);
    }
    expectProblem(await send('GET', '/api/admin/users?text[$ne]=x', { token: tokens.admin }), 422);
    expectProblem(await send('GET', '/api/orders?status[$ne]=new', { token: tokens.customer }), 422);
    // Regex characters are text: `.*` matches no vendor name, and a catastrophic pattern answers at once.
    const all = await send('GET', '/api/ecommerce/vendor?limit=1');
    expect(all.body.total).toBeGreaterThan(10);
    expect((await send('GET', '/api/ecommerce/vendor?text=.*')).body.total).toBe(0);
    expect((await send('GET', `/api/ecommerce/vendor?text=${encodeURIComponent('(a+)+$')}`)).status).toBe(200);

    // In bodies: operators are unknown fields or wrong types, never a query.
    const head = await market.adapters.eventStore.headPosition();
    for (const body of [{ $where: 'sleep(1000)' }, { productId: { $ne: null } }, { productId: { $gt: '' } }, { productId: 'p', $set: { status: 'payed' } }]) {
      const answer = await json('POST', '/api/orders', tokens.customer, body);
      expectProblem(answer, 422);
    }
    expectProblem(await json('POST', '/api/token/jwt', undefined, { email: { $ne: null }, password: { $ne: null } }), 422);
    expectProblem(await json('POST', '/api/conversations', tokens.customer, { vendorId: { $regex: '.*' } }), 422);
    expect(await market.adapters.eventStore.headPosition()).toBe(head);
  });
});

describe('markup in every text a user writes', () => {
  // Each field gets its own payload, so the test can tell it was shown (escaped) and not dropped.
  const live = (field: string) => `<img src=x onerror=alert('${field}')>`;
  const shownAs = (field: string) => `&lt;img src=x onerror=alert(&#x27;${field}&#x27;)&gt;`;
  const script = (field: string) => `<script>alert('${field}')</script>`;

  it('stores it as written and renders it escaped on the server-rendered pages, never as live markup', async () => {
    const current = await send('GET', '/api/user/current', { token: tokens.vendor });
    const vendorId = current.body.Vendor.id as string;
    const page = await send('GET', `/api/ecommerce/vendor/${vendorId}`);
    const profile = page.body.profile;
    const short = '<svg onload=alert()>'; // originLocation holds 20 characters
    expect((await json('PUT', '/api/vendor/profile', tokens.vendor, {
      profile: {
        ...profile,
        name: { he: `${live('vendor-he')} ${script('vendor-he')}`, en: `${live('vendor-en')} ${script('vendor-en')}` },
        intro: { he: live('intro-he'), en: live('intro-en') },
        originLocation: { he: short, en: short },
        about: `<p>About</p>${script('about')}<img src=x onerror="alert('about')">`,
      },
    })).status).toBe(200);
    const product = await json('POST', '/api/vendor/products', tokens.vendor, {
      details: { ...productDetails('default'), name: { he: live('product-he'), en: live('product-en') }, introText: live('product-intro'), information: `<p>Info</p>${script('information')}` },
    });
    expect(product.status).toBe(201);
    const productId = product.body.id as string;

    const customer = await send('GET', '/api/user/current', { token: tokens.customer });
    expect((await json('PUT', '/api/user/profile', tokens.customer, { fullName: live('customer-name'), locale: 'en-US' })).status).toBe(200);
    const conversation = await json('POST', '/api/conversations', tokens.customer, { vendorId, text: `${live('message')} ${script('message')}` });
    expect(conversation.status).toBe(201);
    const order = await json('POST', '/api/orders', tokens.customer, { productId, notes: live('order-notes') });
    expect(order.status).toBe(201);
    const orderId = order.body.id as string;
    expect((await json('POST', `/api/orders/${orderId}/pay`, tokens.customer, { cardNumber: '4242424242424242' })).status).toBe(200);
    expect((await json('POST', `/api/orders/${orderId}/approve`, tokens.vendor, {})).status).toBe(200);
    expect((await json('POST', `/api/orders/${orderId}/complete`, tokens.vendor, {})).status).toBe(200);
    expect((await json('POST', `/api/orders/${orderId}/review`, tokens.customer, { rating: 5, text: `${live('review')} ${script('review')}` })).status).toBe(201);
    const contract = await json('POST', '/api/contracts', tokens.vendor, {
      title: live('contract-title'), terms: `${live('contract-terms')}\n${script('contract-terms')}`, price: { amountMinor: 100_000, currency: 'ILS' }, customerId: customer.body.uuid,
    });
    expect(contract.status).toBe(201);

    // Stored as written: the API gives the text back unchanged (rich text aside, which is sanitised on the way in).
    const stored = await send('GET', `/api/conversations/${conversation.body.id}/messages?minRevision=${conversation.body.revision}`, { token: tokens.customer });
    expect(stored.body.items.map((message: { text: string }) => message.text)).toContain(`${live('message')} ${script('message')}`);

    await market.projections.waitForPosition(await market.adapters.eventStore.headPosition(), 30_000);
    const pageOf = async (path: string, token?: string) => {
      const response = await fetch(new URL(path, market.url), { headers: token ? { cookie: `token=${token}` } : {} });
      expect(response.status, path).toBe(200);
      return response.text();
    };
    const pages = {
      vendorStore: await pageOf(`/en/store/vendor/${vendorId}`),
      vendorHe: await pageOf(`/store/vendor/${vendorId}`),
      artist: await pageOf(`/en/artists/all/${vendorId}`),
      product: await pageOf(`/en/store/product/${productId}`),
      thread: await pageOf(`/en/user/dashboard/conversations/${conversation.body.id}`, tokens.customer),
      vendorThreads: await pageOf(`/en/user/dashboard/conversations/${conversation.body.id}`, tokens.vendor),
      myOrders: await pageOf('/en/user/dashboard/orders', tokens.customer),
      vendorOrders: await pageOf('/en/user/dashboard/vendor/orders', tokens.vendor),
      myReviews: await pageOf('/en/user/dashboard/reviews', tokens.customer),
      contract: await pageOf(`/en/user/dashboard/contracts/${contract.body.id}`, tokens.customer),
      profile: await pageOf('/en/user/dashboard/profile', tokens.customer),
    };
    for (const [name, html] of Object.entries(pages)) {
      expect(html, name).not.toMatch(/<img src=x onerror/i);
      expect(html, name).not.toMatch(/<script>alert\(/i);
      expect(html, name).not.toMatch(/<svg onload/i);
      expect(html, name).not.toMatch(/onerror="alert/i);
    }
    const everything = Object.values(pages).join('\n');
    const shown = ['vendor-en', 'vendor-he', 'intro-en', 'product-en', 'product-intro', 'customer-name', 'message', 'order-notes', 'review', 'contract-title', 'contract-terms'];
    for (const field of shown) expect(everything, `${field} is shown as text somewhere`).toContain(shownAs(field));
    expect(everything).toContain('&lt;svg onload=alert()&gt;');
    // Rich text keeps its safe markup and loses the rest.
    expect(pages.vendorStore + pages.artist).toContain('<p>About</p>');
    expect(everything).not.toContain("alert('about')");
    expect(pages.product).toContain('<p>Info</p>');
    expect(pages.product).not.toContain("alert('information')");
  }, 60_000);
});
