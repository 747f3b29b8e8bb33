import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMarketplace, type Marketplace } from '../main.ts';
import { DEMO_ACCOUNTS } from '../seed/seed-demo.ts';

// Schemathesis (PyPI) fuzzes every operation of GET /api/openapi.json on the started product
// (embedded defaults, demo seed) as a guest and as each demo account, with these checks:
// no 5xx, every status and content type one the document lists for the operation, and every body
// valid against the schema the document gives for that status. Real ids of the seeded marketplace
// are offered as dictionaries, so half the generated ids reach real orders, vendors and products.
// scripts/services/schemathesis.sh installs it (CI: .ci/run → up.sh) and exports SCHEMATHESIS_PATH.
// Run alone: SCHEMATHESIS_PATH=… npx vitest run test/schemathesis.test.ts

const VERSION = '4.32.5';
/** Generated cases per operation and pass (fuzzing phase); the coverage phase adds its own. */
const MAX_EXAMPLES = Number(process.env.SCHEMATHESIS_MAX_EXAMPLES ?? 8);
/** Issue 12 asks for at least this many cases over all passes. */
const MIN_CASES = 5_000;
const CHECKS = 'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance';

function schemathesisPath(): string | null {
  const cache = process.env.SERVICES_CACHE ?? join(homedir(), '.cache', 'marketplace-services');
  const candidates = [process.env.SCHEMATHESIS_PATH, join(cache, `schemathesis-${VERSION}`, 'bin', 'st')];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  const onPath = spawnSync('st', ['--version'], { encoding: 'utf8' });
  return onPath.status === 0 && onPath.stdout.includes('st, version') ? 'st' : null;
}

const st = schemathesisPath();

interface RunReport {
  test_cases: { generated: number; with_failures: number; errored: number };
  operations: { tested: number; errored: number };
  failures: unknown[];
  errors: unknown[];
  exit_code: number;
}

interface Pass { name: string; cases: number; operations: number; failures: unknown[]; errors: unknown[]; exitCode: number; output: string }

let marketplace: Marketplace;
let workDir: string;

async function api(path: string, token?: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, marketplace.url), {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });
  return { status: response.status, body: await response.json() as any };
}

async function signIn(email: string): Promise<string> {
  const answer = await api('/api/token/jwt', undefined, { method: 'POST', body: JSON.stringify({ email, password: 'demo-password' }) });
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

const ids = (items: Record<string, unknown>[] | undefined, key: string): string[] =>
  (items ?? []).map((item) => item[key]).filter((value): value is string => typeof value === 'string' && value !== '');

/** TOML of the dictionaries: ids that exist in the seeded marketplace, bound to the parameters that take them. */
function configOf(dictionaries: Record<string, string[]>, bindings: Record<string, string>): string {
  const lines: string[] = [];
  for (const [name, values] of Object.entries(dictionaries)) {
    if (values.length) lines.push(`[dictionaries.${name}]`, `values = ${JSON.stringify([...new Set(values)])}`, '');
  }
  lines.push('[parameters]');
  for (const [parameter, dictionary] of Object.entries(bindings)) {
    if (dictionaries[dictionary]?.length) lines.push(`"${parameter}" = { dictionary = "${dictionary}", probability = 0.5 }`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Each pass fuzzes the operations its caller may use (a guest the public ones, the customer those of
 * any signed-in user, the vendor its own, the admin the back office): a caller refused by
 * the guard only meets 401/403, which query-api/openapi-answers.test.ts already probes on every operation.
 */
const PASSES = [
  { name: 'guest', account: null, select: ['--include-by', '/x-auth == "public"'] },
  { name: 'customer', account: 'customer', select: ['--include-by', '/x-auth == "user"'] },
  // The vendor's own operations, and its side of the orders, contracts and conversations it shares with customers (OR-ed).
  { name: 'vendor', account: 'vendor', select: ['--include-by', '/x-auth == "vendor"', '--include-path-regex', '^/api/(orders|contracts|conversations)'] },
  { name: 'admin', account: 'admin', select: ['--include-path-regex', '^/api/admin/'] },
] as const;

/**
 * The few variables st needs, not the worker's ~85: requests looks through the whole environment for
 * proxy settings on every request (urllib's getproxies, twice), some 0.3 ms of st's CPU per case.
 * The server is on 127.0.0.1, so no proxy setting applies to it anyway.
 */
const stEnvironment = (): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL'].flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]]))),
  // Hypothesis's Unicode tables, made on first use (~1.9 CPU-s for the UTF-8 codec's) and kept in its
  // storage directory: the checkout's .cache keeps them between runs (the run is derandomized, so no
  // example database is written there).
  HYPOTHESIS_STORAGE_DIRECTORY: fileURLToPath(new URL('../.cache/hypothesis/', import.meta.url)),
});

function runSchemathesis(name: string, configFile: string, select: readonly string[], token?: string): Promise<Pass> {
  const reportDir = join(workDir, `report-${name}`);
  mkdirSync(reportDir, { recursive: true });
  const args = [
    '--config-file', configFile, 'run', `${marketplace.url}/api/openapi.json`,
    ...select,
    '--checks', CHECKS,
    '--max-examples', String(MAX_EXAMPLES),
    // Derandomized: the same cases every run (no seed, no example database).
    '--generation-deterministic',
    // One worker: Python 3.11's ast.parse is not thread-safe, and Hypothesis calls it to describe strategies.
    '--workers', '1',
    '--request-timeout', '30',
    '--no-color', '--report', 'json', '--report-dir', reportDir,
    ...(token ? ['--header', `Authorization: Bearer ${token}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(st!, args, { cwd: workDir, env: { ...stEnvironment(), NO_COLOR: '1', PYTHONDONTWRITEBYTECODE: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('error', reject);
    child.on('close', (exitCode) => {
      const file = readdirSync(reportDir).find((entry) => entry.endsWith('.json'));
      if (!file) return reject(new Error(`schemathesis (${name}) wrote no report, exit ${exitCode}:\n${output.slice(-4000)}`));
      const report = JSON.parse(readFileSync(join(reportDir, file), 'utf8')) as RunReport;
      resolve({
        name, cases: report.test_cases.generated, operations: report.operations.tested,
        failures: report.failures, errors: report.errors, exitCode: report.exit_code, output,
      });
    });
  });
}

/** The failures section of the CLI's output: what failed, with the curl line to reproduce it. */
const failureText = (pass: Pass): string => {
  const start = pass.output.search(/^=+ (FAILURES|ERRORS) =+$/m);
  return `${pass.name}: ${pass.failures.length} failures, ${pass.errors.length} errors\n${(start >= 0 ? pass.output.slice(start) : pass.output).slice(0, 20_000)}`;
};

describe.skipIf(!st)(`schemathesis ${VERSION} against /api/openapi.json (${st ? 'found' : 'skipped: not installed, run scripts/services/schemathesis.sh or set SCHEMATHESIS_PATH'})`, () => {
  const passes: Pass[] = [];
  let config: string;
  let tokens: Record<'customer' | 'vendor' | 'admin', string>;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'marketplace-schemathesis-'));
    marketplace = await startMarketplace({ port: 0, dataDir: join(workDir, 'data'), env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' } });
    tokens = {
      customer: await signIn(DEMO_ACCOUNTS.customer),
      vendor: await signIn(DEMO_ACCOUNTS.vendor),
      admin: await signIn(DEMO_ACCOUNTS.admin),
    };
    const vendors = (await api('/api/ecommerce/vendor?limit=5')).body.items;
    const firstVendorId = marketplace.seeded!.firstVendorId;
    const products = (await api(`/api/ecommerce/product?vendorId=${firstVendorId}`)).body.items;
    const orders = (await api('/api/orders', tokens.customer)).body.items;
    const conversations = (await api('/api/conversations', tokens.customer)).body.items;
    const customer = (await api('/api/user/current', tokens.customer)).body;
    const geo = (await api('/api/entity/geoLocation')).body.items;
    const articles = (await api('/api/entity/article')).body.items;
    // The seed has no contracts: the vendor drafts two for the customer (one sent), so contract answers are checked too.
    const contractIds: string[] = [];
    for (const title of ['Wedding show', 'Bar mitzvah show']) {
      const drafted = await api('/api/contracts', tokens.vendor, {
        method: 'POST', body: JSON.stringify({ title, terms: 'Two sets of 45 minutes.', price: { amountMinor: 500_000, currency: 'ILS' }, customerId: customer.uuid }),
      });
      expect(drafted.status).toBe(201);
      contractIds.push(drafted.body.id);
    }
    expect((await api(`/api/contracts/${contractIds[1]}/send`, tokens.vendor, { method: 'POST', body: '{}' })).status).toBe(200);
    const orderIds = ids(orders, 'orderId');
    const vendorIds = [firstVendorId, ...ids(vendors, 'vendorId')];
    config = join(workDir, 'schemathesis.toml');
    writeFileSync(config, configOf({
      ids: [...orderIds, ...contractIds, ...ids(conversations, 'conversationId'), ...ids(geo, 'id'), ...ids(products, 'productId'), ...vendorIds],
      vendorIds,
      productIds: ids(products, 'productId'),
      orderIds,
      userIds: [customer.uuid],
      streamIds: [...orderIds.map((id) => `order-${id}`), ...vendorIds.map((id) => `vendor-${id}`), `user-${customer.uuid}`],
      aliases: [...ids(articles, 'alias'), 'artist-categories', 'guides'],
      cards: ['4242424242424242', '4000000000000002'],
    }, {
      'path.id': 'ids', 'path.vendorId': 'vendorIds', 'query.vendorId': 'vendorIds', 'body.vendorId': 'vendorIds',
      'path.productId': 'productIds', 'body.productId': 'productIds', 'query.orderId': 'orderIds', 'body.orderId': 'orderIds',
      'path.userId': 'userIds', 'query.customerId': 'userIds', 'body.customerId': 'userIds', 'path.streamId': 'streamIds',
      'path.alias': 'aliases', 'body.cardNumber': 'cards',
    }));
  }, 180_000);

  afterAll(async () => {
    await marketplace?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  // One after the other on the same marketplace: the admin last, since its writes (archiving, roles) change what the others see.
  for (const { name, account, select } of PASSES) {
    it(`finds no failure as ${account ? `the demo ${account}` : 'a guest'}`, async () => {
      const pass = await runSchemathesis(name, config, select, account ? tokens[account] : undefined);
      passes.push(pass);
      expect(pass.operations, pass.output.slice(-3000)).toBeGreaterThanOrEqual(10);
      expect(pass.failures.length + pass.errors.length, failureText(pass)).toBe(0);
      expect(pass.exitCode, pass.output.slice(-3000)).toBe(0);
    }, 600_000);
  }

  it(`generated at least ${MIN_CASES} cases over the four passes`, () => {
    const total = passes.reduce((sum, pass) => sum + pass.cases, 0);
    console.log(`schemathesis: ${passes.map((pass) => `${pass.name} ${pass.cases}`).join(', ')}; ${total} cases`);
    expect(passes.length).toBe(4);
    expect(total).toBeGreaterThanOrEqual(MIN_CASES);
  });
});
