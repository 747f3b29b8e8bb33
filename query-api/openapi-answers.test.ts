import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { SANDBOX_CARDS } from '../infra/payment/sandbox-payment-gateway.ts';
import { productDetails } from '../command-api/testing/fixtures.ts';
import { startFullStack } from '../test/full-stack.ts';

// GET /api/openapi.json must list every status the APIs can answer. This probes every
// operation of the document over real HTTP — as a guest, with a bad token and as each kind of user;
// with existing, unknown and malformed path parameters; with malformed, oversized, non-UTF-8 and
// wrong-charset bodies; with bad query parameters and Idempotency-Keys — plus the scenarios only a
// flow reaches (a declined card, throttled sign-ins, a revoked refresh token, oversized headers). Every
// status seen must be declared for its operation, every error must be problem+json, and none a 500.
type Operation = { method: string; template: string; responses: Record<string, unknown> };
interface Seen { operation: string; status: number; contentType: string; probe: string }

const UNKNOWN_ID = 'no-such-id-0000';

describe('the OpenAPI document lists every status the APIs answer', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);
  let operations: Operation[];
  const seen: Seen[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { api } = stack;
    const customer = market.customer.token;
    const vendor = market.vendor.token;
    const admin = market.admin.token;
    ids.order = (await api.post('/api/orders', { productId: market.products.default }, customer)).body.id;
    await api.post(`/api/orders/${ids.order}/pay`, { cardNumber: SANDBOX_CARDS.accepted }, customer);
    const conversation = await api.post('/api/conversations', { vendorId: market.vendor.vendorId, text: 'Hello' }, customer);
    ids.conversation = conversation.body.id;
    ids.message = (await api.post(`/api/conversations/${ids.conversation}/messages`, { text: 'Hi!' }, vendor)).body.messageId;
    const terms = { title: 'Show', terms: 'One set.', price: { amountMinor: 100000, currency: 'ILS' } };
    ids.contract = (await api.post('/api/contracts', { ...terms, customerId: market.customer.userId }, vendor)).body.id;
    ids.window = (await api.post('/api/vendor/busy-windows', { start: '2031-01-01T10:00:00Z', end: '2031-01-01T12:00:00Z' }, vendor)).body.id;
    const tag = { entityType: 'tag', name: { he: 'זמרים', en: 'Singers' }, alias: 'singers', level: 1, order: 1, parentId: null };
    ids.tag = (await api.post('/api/admin/entity/tag', { id: 'probe-singers', fields: tag }, admin)).body.id;
    const article = { entityType: 'article', title: { en: 'Probe' }, alias: 'probe-article', body: { en: 'Text' }, kind: 'blog', categoryId: null, publishedAt: '2026-01-01T00:00:00Z' };
    await api.post('/api/admin/entity/article', { id: 'probe-article', fields: article }, admin);
    ids.geo = (await api.post('/api/admin/geo-locations', { fields: { name: { he: 'חיפה', en: 'Haifa' }, parentId: null } }, admin)).body.id;
    ids.rule = (await api.post('/api/admin/acl', { rule: { asset: 'vendor', action: 'update', level: 'all', role: 'admin', public: true } }, admin)).body.id;
    await api.put('/api/admin/config/probe.key', { value: 'x' }, admin);
    await vi.waitFor(async () => {
      const notifications = await api.get('/api/notifications', vendor);
      expect(notifications.body.items.length).toBeGreaterThan(0);
      ids.notification = notifications.body.items[0].notificationId;
    }, { timeout: 10_000, interval: 50 });
    operations = Object.entries((await api.get('/api/openapi.json')).body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)
      .flatMap(([template, methods]) => Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), template, responses: operation.responses })));
  }, 60_000);

  /** An id that exists for this path parameter, so a probe reaches the handler. */
  function existing(template: string, name: string): string {
    if (name === 'entityType') return 'tag';
    if (name === 'vendorId') return market.vendor.vendorId;
    if (name === 'productId') return market.products.default;
    if (name === 'userId') return market.customer.userId;
    if (name === 'alias') return template.includes('article') ? 'probe-article' : 'singers';
    if (name === 'code') return 'he';
    if (name === 'key') return 'probe.key';
    if (name === 'ruleId') return ids.rule!;
    if (name === 'source') return 'newsletter';
    if (name === 'streamId') return `order-${ids.order}`;
    const byPrefix: [string, string][] = [
      ['/api/orders', ids.order!], ['/api/conversations', ids.conversation!], ['/api/contracts', ids.contract!], ['/api/notifications', ids.notification!],
      ['/api/vendor/busy-windows', ids.window!], ['/api/admin/entity', ids.tag!], ['/api/admin/geo-locations', ids.geo!], ['/api/entity/geoLocation', ids.geo!],
      ['/api/ecommerce/vendor', market.vendor.vendorId], ['/api/ecommerce/product', market.products.default], ['/api/audit/orders', ids.order!],
    ];
    return byPrefix.find(([prefix]) => template.startsWith(prefix))?.[1] ?? ids.order!;
  }
  const pathOf = (template: string, value: (name: string) => string) => template.replace(/\{([^}]+)\}/g, (_m, name: string) => value(name));

  /** One raw request (node:http, so bytes and headers go out exactly as given). */
  function send(method: string, path: string, options: { token?: string; body?: Buffer | string; contentType?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; contentType: string }> {
    const url = new URL(path, stack.api.baseUrl);
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) {
      headers['content-type'] = options.contentType ?? 'application/json';
      headers['content-length'] = Buffer.byteLength(options.body);
    }
    return new Promise((resolve, reject) => {
      const request = httpRequest({ host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, contentType: String(response.headers['content-type'] ?? '') }));
      });
      request.on('error', reject);
      request.end(options.body);
    });
  }

  async function probe(operation: Operation, label: string, path: string, options: Parameters<typeof send>[2] = {}) {
    const answer = await send(operation.method, path, options);
    seen.push({ operation: `${operation.method} ${operation.template}`, status: answer.status, contentType: answer.contentType, probe: label });
  }

  const BAD_TOKEN = 'not.a.valid-token';
  const lone = '{"x":"\\ud800"}';
  const bodies: [string, Buffer | string, string?][] = [
    ['empty object', '{}'],
    ['unknown field', '{"surely_unknown_field":1}'],
    ['array', '[1,2]'],
    ['JSON string', '"text"'],
    ['malformed JSON', '{"a":'],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
    ['lone surrogate', lone],
    ['oversized', JSON.stringify({ x: 'y'.repeat(120_000) })],
    ['latin1 charset', '{}', 'application/json; charset=latin1'],
  ];

  it('probes every operation and finds only declared statuses, all problems as problem+json, no 500', async () => {
    const callers: [string, string | undefined][] = [
      ['guest', undefined], ['bad token', BAD_TOKEN], ['customer', market.customer.token], ['vendor', market.vendor.token],
      ['other vendor', market.otherVendor.token], ['admin', market.admin.token],
    ];
    // What only a flow reaches, first: the probes below archive the vendor and remove its products.
    const op = (method: string, template: string) => operations.find((o) => o.method === method && o.template === template)!;
    const placed = (await stack.api.post('/api/orders', { productId: market.products.default }, market.customer.token)).body.id;
    await probe(op('POST', '/api/orders/{id}/pay'), 'declined card', `/api/orders/${placed}/pay`, { token: market.customer.token, body: JSON.stringify({ cardNumber: SANDBOX_CARDS.declined }) });
    // A balance after a deposit (issue 26): declined, and asked in more instalments than the order allows.
    const terms = { deposit: { kind: 'percent', percent: 30 }, balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' }, maxInstalments: 3 };
    const withDeposit = (await stack.api.post('/api/vendor/products', { details: { ...productDetails('default'), paymentTerms: terms } }, market.vendor.token)).body.id;
    const deposited = (await stack.api.post('/api/orders', { productId: withDeposit }, market.customer.token)).body.id;
    await stack.api.post(`/api/orders/${deposited}/pay`, { cardNumber: SANDBOX_CARDS.accepted }, market.customer.token);
    await probe(op('POST', '/api/orders/{id}/balance'), 'declined card', `/api/orders/${deposited}/balance`, { token: market.customer.token, body: JSON.stringify({ cardNumber: SANDBOX_CARDS.declined }) });
    await probe(op('POST', '/api/orders/{id}/balance'), 'too many instalments', `/api/orders/${deposited}/balance`, { token: market.customer.token, body: JSON.stringify({ cardNumber: SANDBOX_CARDS.accepted, instalments: 6 }) });
    for (let i = 0; i < 7; i++) {
      await probe(op('POST', '/api/token/jwt'), 'wrong password', '/api/token/jwt', { body: JSON.stringify({ email: market.customer.email, password: `wrong-${i}-password` }) });
      await probe(op('POST', '/api/user/password'), 'wrong current password', '/api/user/password', { token: market.otherVendor.token, body: JSON.stringify({ currentPassword: `wrong-${i}-password`, newPassword: 'another-password-1' }) });
    }
    await probe(op('POST', '/api/token/refresh'), 'bad refresh token', '/api/token/refresh', { body: JSON.stringify({ refresh_token: BAD_TOKEN }) });
    await probe(op('GET', '/api/orders/{id}/history'), 'asOfRevision past the end', `/api/orders/${ids.order}/history?asOfRevision=99`, { token: market.customer.token });
    await probe(op('GET', '/api/languages'), 'all languages as a customer', '/api/languages?all=true', { token: market.customer.token });

    for (const operation of operations) {
      const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      const path = pathOf(operation.template, (name) => existing(operation.template, name));
      for (const [who, token] of callers) await probe(operation, who, path, { token, ...(hasBody ? { body: '{}' } : {}) });
      if (operation.template.includes('{')) {
        await probe(operation, 'unknown id', pathOf(operation.template, () => UNKNOWN_ID), { token: market.admin.token });
        await probe(operation, 'unknown id (customer)', pathOf(operation.template, () => UNKNOWN_ID), { token: market.customer.token });
        await probe(operation, 'invalid id', pathOf(operation.template, () => 'bad%20id'), { token: market.admin.token });
        await probe(operation, 'broken percent-encoding', pathOf(operation.template, () => '%E0%A4%A'), { token: market.admin.token });
      }
      for (const [label, body, contentType] of bodies) {
        await probe(operation, label, path, { token: market.admin.token, body, contentType });
      }
      for (const query of ['limit=1e2', 'surely_unknown=1', 'minRevision=999999', 'minRevision=0', 'start=-5']) {
        await probe(operation, `?${query}`, `${path}?${query}`, { token: market.customer.token });
      }
      if (operation.method === 'POST') {
        await probe(operation, 'malformed Idempotency-Key', path, { token: market.customer.token, body: '{}', headers: { 'idempotency-key': 'has space' } });
        await probe(operation, 'Idempotency-Key reused', path, { token: market.customer.token, body: '{}', headers: { 'idempotency-key': 'probe-reused' } });
      }
      await probe(operation, 'oversized headers', path, { headers: { cookie: `c=${'x'.repeat(20_000)}` } });
    }

    const undeclared = seen.filter(({ operation, status }) => !(String(status) in operations.find((o) => `${o.method} ${o.template}` === operation)!.responses));
    expect(undeclared.map((s) => `${s.operation} → ${s.status} (${s.probe})`)).toEqual([]);
    expect(seen.filter((s) => s.status >= 500).map((s) => `${s.operation} → ${s.status} (${s.probe})`)).toEqual([]);
    const notProblems = seen.filter((s) => s.status >= 400 && !s.contentType.startsWith('application/problem+json'));
    expect(notProblems.map((s) => `${s.operation} → ${s.status} ${s.contentType} (${s.probe})`)).toEqual([]);
    // The probe reached what it meant to: each of these statuses came back somewhere.
    const statuses = new Set(seen.map((s) => s.status));
    for (const status of [200, 400, 401, 402, 403, 404, 409, 413, 415, 422, 429, 431]) expect(statuses, `status ${status}`).toContain(status);
  }, 180_000);
});
