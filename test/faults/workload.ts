import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../domain/ports/event-store.ts';
import { grantUserRoles } from '../../command-api/system-commands.ts';
import { defineTestLanguages } from '../../command-api/testing/languages.ts';
import { productDetails, vendorProfile } from '../../command-api/testing/fixtures.ts';
import { asksForSecurityChallenge, solveSecurityChallenge } from '../../command-api/client/security-challenge-solver.ts';
import { SANDBOX_CARDS } from '../../infra/payment/sandbox-payment-gateway.ts';

// The suite's market and its load, through the API nodes as browsers would use them: accounts that
// register and activate (the link from the process's log, as a developer reads it), artists with a
// timed and a fixed-price service, and customers who book, pay, cancel and write, each request of an
// intent sent with one Idempotency-Key to either node and retried — on a dropped connection, a 5xx, a
// 503 while an engine is away, or a claim still in progress — until it has an answer, as a real
// client does. Every acknowledged write is recorded for the checks.

export interface Answer {
  status: number;
  body: any;
}

export interface Caller {
  /** The API node this call goes to (either of the two). */
  url(): string;
  /** The client address (X-Forwarded-For): each customer calls from an address of their own. */
  address: string;
  token?: string;
}

export async function call(caller: Caller, method: string, path: string, options: { body?: unknown; key?: string; url?: string } = {}): Promise<Answer> {
  try {
    const response = await fetch(new URL(path, options.url ?? caller.url()), {
      method,
      headers: {
        'x-forwarded-for': caller.address,
        ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* not JSON */ }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: null }; // no answer: the node died, or is starting again
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether an answer is final for the client, or the same request must be sent again. */
const final = (answer: Answer): boolean =>
  answer.status !== 0 && answer.status < 500 && answer.status !== 429 && !(answer.status === 409 && answer.body?.code === 'idempotency.in-progress');

/** One intent: the same request (same key) until it has a final answer, for at most `deadlineMs`. */
export async function intent(send: () => Promise<Answer>, deadlineMs = 150_000): Promise<Answer & { tries: number }> {
  const deadline = Date.now() + deadlineMs;
  for (let tries = 1; ; tries++) {
    const answer = await send();
    if (final(answer) || Date.now() > deadline) return { ...answer, tries };
    await sleep(answer.status === 429 ? 1000 : 300 + Math.random() * 700);
  }
}

export interface Account extends Caller {
  userId: string;
  email: string;
  token: string;
}

let addresses = 0;
const nextAddress = () => `198.51.100.${++addresses}`;

/** Registers, activates (the link the command API logged) and signs in. */
async function account(nodes: () => string, output: () => string, email: string): Promise<Account> {
  const caller: Caller = { url: nodes, address: nextAddress() };
  const password = 'a-good-password';
  const postSolving = async (path: string, body: Record<string, unknown>, action: 'register' | 'sign-in') => {
    const url = caller.url();
    const answer = await call(caller, 'POST', path, { body, url });
    return asksForSecurityChallenge(answer) ? call(caller, 'POST', path, { body: { ...body, securityChallenge: await solveSecurityChallenge(url, action) }, url }) : answer;
  };
  const registered = await intent(() => postSolving('/api/user/register', { email, password, fullName: email.split('@')[0], locale: 'he-IL' }, 'register'));
  if (registered.status !== 201) throw new Error(`register ${email}: ${registered.status} ${JSON.stringify(registered.body)}`);
  const link = new RegExp(`activation link for ${email.replace(/[.+]/g, '\\$&')}: /user/activate\\?token=(\\S+?)["\\s\\\\]`);
  let token: string | undefined;
  for (let attempt = 0; attempt < 100 && !token; attempt++) {
    const found = link.exec(output());
    if (found) token = decodeURIComponent(found[1]!);
    else await sleep(100);
  }
  if (!token) throw new Error(`no activation link for ${email} in the API nodes' output`);
  const activated = await intent(() => call(caller, 'POST', '/api/user/activate', { body: { token } }));
  if (activated.status !== 200) throw new Error(`activate ${email}: ${activated.status} ${JSON.stringify(activated.body)}`);
  const signedIn = await intent(() => postSolving('/api/token/jwt', { email, password }, 'sign-in'));
  if (signedIn.status !== 200) throw new Error(`sign in ${email}: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  return { ...caller, userId: registered.body.id, email, token: signedIn.body.token };
}

export interface Vendor extends Account {
  vendorId: string;
  timed: string;
  fixed: string;
}

export interface Market {
  vendors: Vendor[];
  customers: Account[];
}

/** Artists with a timed and a fixed-price service, and customers. */
export async function seedMarket(options: { nodes: () => string; output: () => string; eventStore: EventStore; vendors: number; customers: number }): Promise<Market> {
  const { nodes, output } = options;
  const run = randomUUID().slice(0, 8);
  // The product defines its languages as an admin would; the first admin is the product's own doing too.
  await defineTestLanguages(options.eventStore);
  const admin = await account(nodes, output, `admin-${run}@example.com`);
  await grantUserRoles({ eventStore: options.eventStore }, admin.userId, ['admin', 'superAdmin'], ['superUsers']);
  const vendors: Vendor[] = [];
  for (let n = 0; n < options.vendors; n++) {
    const user = await account(nodes, output, `artist${n}-${run}@example.com`);
    const registered = await intent(() => call(user, 'POST', '/api/artists/register', { body: { profile: vendorProfile(`Band ${n} ${run}`) } }));
    if (registered.status !== 201) throw new Error(`artist registration: ${registered.status} ${JSON.stringify(registered.body)}`);
    const artist = { ...user, token: registered.body.token as string, vendorId: registered.body.id as string };
    const product = async (type: 'timedService' | 'default') => {
      const created = await intent(() => call(artist, 'POST', '/api/vendor/products', { body: { details: { ...productDetails(type), serviceDuration: type === 'timedService' ? 60 : 0 } }, key: `product-${type}-${artist.vendorId}` }));
      if (created.status !== 201) throw new Error(`product: ${created.status} ${JSON.stringify(created.body)}`);
      return created.body.id as string;
    };
    vendors.push({ ...artist, timed: await product('timedService'), fixed: await product('default') });
  }
  const customers: Account[] = [];
  for (let n = 0; n < options.customers; n++) customers.push(await account(nodes, output, `customer${n}-${run}@example.com`));
  return { vendors, customers };
}

/** What the load's clients were told had happened. */
export interface Acknowledged {
  orders: Map<string, { customerId: string; vendorId: string; timed: boolean }>;
  paid: Set<string>;
  canceled: Set<string>;
  messages: Set<string>;
  /** Answers that were not 2xx nor an expected refusal, by status. */
  unexpected: Map<number, number>;
  /** The first such answer of each status: the request and the body. */
  unexpectedExamples: Map<number, string>;
  /** Intents that ran out of time without a final answer. */
  unanswered: number;
  tries: number;
  intents: number;
}

export const emptyAcknowledged = (): Acknowledged => ({
  orders: new Map(), paid: new Set(), canceled: new Set(), messages: new Set(), unexpected: new Map(), unexpectedExamples: new Map(), unanswered: 0, tries: 0, intents: 0,
});

let slots = 0;
/** A fresh hour for a timed booking: no two bookings of the suite ever overlap. */
export const nextSlot = (): string => new Date(Date.UTC(2031, 0, 1) + (slots++) * 2 * 3600_000).toISOString();

/**
 * Bounded load: `clients` customers at once, each looping over book → pay → maybe cancel → look at the
 * order → maybe write to the artist, with a short pause between rounds, until stopped.
 *
 * Looking at the order is a read of the views with the last write's revision (read-your-writes), sent
 * again until the views hold it, as a customer who opens the order's page after booking. So each
 * customer's pace follows the deployment's, as a real user's does: on a machine loaded enough that the
 * projectors apply fewer events a second than the rounds write, the load slows down with them instead
 * of outrunning them (an open loop then never lets readiness catch up, and the suite failed on load,
 * not on a fault).
 */
export function startLoad(market: Market, acknowledged: Acknowledged, options: { clients: number; pauseMs: number }) {
  let stopped = false;
  const record = (answer: Answer & { tries: number }, expected: number[], what: string) => {
    acknowledged.intents += 1;
    acknowledged.tries += answer.tries;
    if (!final(answer)) acknowledged.unanswered += 1;
    else if (!expected.includes(answer.status)) {
      acknowledged.unexpected.set(answer.status, (acknowledged.unexpected.get(answer.status) ?? 0) + 1);
      if (!acknowledged.unexpectedExamples.has(answer.status)) acknowledged.unexpectedExamples.set(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 400)}`);
    }
    return answer.status >= 200 && answer.status < 300;
  };
  const loop = async (customer: Account) => {
    const conversations = new Map<string, string>();
    while (!stopped) {
      const vendor = market.vendors[Math.floor(Math.random() * market.vendors.length)]!;
      const timed = Math.random() < 0.7;
      const key = randomUUID();
      const placed = await intent(() => call(customer, 'POST', '/api/orders', { body: { productId: timed ? vendor.timed : vendor.fixed, ...(timed ? { start: nextSlot() } : {}) }, key: `place-${key}` }));
      if (record(placed, [201], 'place')) {
        const orderId = placed.body.id as string;
        let revision = placed.body.revision as number;
        acknowledged.orders.set(orderId, { customerId: customer.userId, vendorId: vendor.vendorId, timed });
        if (Math.random() < 0.7) {
          const paid = await intent(() => call(customer, 'POST', `/api/orders/${orderId}/pay`, { body: { cardNumber: SANDBOX_CARDS.accepted }, key: `pay-${key}` }));
          if (record(paid, [200], 'pay')) {
            acknowledged.paid.add(orderId);
            revision = paid.body.revision as number;
          }
        }
        if (Math.random() < 0.4) {
          const canceled = await intent(() => call(customer, 'POST', `/api/orders/${orderId}/cancel`, { body: { reason: 'Plans changed' }, key: `cancel-${key}` }));
          if (record(canceled, [200], 'cancel')) {
            acknowledged.canceled.add(orderId);
            revision = canceled.body.revision as number;
          }
        }
        // A 504 (the views not there within the read's wait) is sent again like any 5xx.
        record(await intent(() => call(customer, 'GET', `/api/orders/${orderId}?minRevision=${revision}`)), [200], 'look at the order');
      }
      if (Math.random() < 0.3) {
        let conversationId = conversations.get(vendor.vendorId);
        if (!conversationId) {
          const opened = await intent(() => call(customer, 'POST', '/api/conversations', { body: { vendorId: vendor.vendorId }, key: `open-${key}` }));
          if (record(opened, [200, 201], 'open a conversation')) conversations.set(vendor.vendorId, conversationId = opened.body.id as string);
        }
        if (conversationId) {
          const posted = await intent(() => call(customer, 'POST', `/api/conversations/${conversationId}/messages`, { body: { text: `Is the date free? ${key}` }, key: `message-${key}` }));
          if (record(posted, [201, 200], 'post a message')) acknowledged.messages.add(posted.body.messageId ?? posted.body.id);
        }
      }
      await sleep(options.pauseMs * (0.5 + Math.random()));
    }
  };
  const clients = market.customers.slice(0, options.clients);
  const done = Promise.all(clients.map((customer) => loop(customer)));
  return {
    async stop() {
      stopped = true;
      await done;
    },
  };
}
