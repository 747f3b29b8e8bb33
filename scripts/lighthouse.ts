import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

// `npm run lighthouse`: Lighthouse's mobile performance (its default: a Moto G Power class phone,
// simulated slow 4G and 4× CPU slowdown) of the home, search and vendor pages in Hebrew and English, plus
// the JavaScript a first load costs. Without --url it starts what `npm start` serves (production builds,
// the local preview, scripts/local-preview.env) on a fresh demo store. Goals per page: performance ≥ 95,
// time to interactive ≤ 3.5 s, total blocking time ≤ 150 ms, first-load JavaScript ≤ 250 kB gzipped.
//   npm run lighthouse                              # start the product, measure, stop
//   npm run lighthouse -- --url http://localhost:3000   # measure a running product
//   npm run lighthouse -- --runs 3                  # the median of three runs per page
//   npm run lighthouse -- --save /tmp/lighthouse    # also writes each run's full report (JSON)
// React picks its production build from the process's NODE_ENV when first imported (by main.ts, below).
process.env.NODE_ENV ??= 'production';
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '1' },
    save: { type: 'string' },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  },
});
const runs = Math.max(1, Number(values.runs) || 1);

interface Product { url: string; close(): Promise<void> }

/** Settings naming services outside the process (infra/config.ts), left out of the fresh store's environment. */
const EXTERNAL_SERVICES = ['EVENTSTORE_URL', 'MONGO_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'EVENT_FEED'];

async function startProduct(): Promise<Product> {
  const { startMarketplace } = await import('../main.ts');
  const dataDir = await mkdtemp(join(tmpdir(), 'lighthouse-'));
  console.log(`Starting the local preview on a fresh demo store in ${dataDir} …`);
  // Embedded event log and views in dataDir, whatever services the shell names (a MONGO_URL's views are
  // another store's, which the product refuses to start on).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !EXTERNAL_SERVICES.includes(name)));
  const product = await startMarketplace({ port: 0, dataDir, seed: true, logLevel: 'warn', env: { ...env, NODE_ENV: 'production', LOCAL_PREVIEW: 'true', HOST: '127.0.0.1' } });
  // The views follow the seed's events; wait until the home page lists artists.
  for (let attempt = 0; attempt < 120; attempt++) {
    if ((await (await fetch(`${product.url}/`)).text()).includes('data-testid="vendor-card"')) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url: product.url,
    close: async () => {
      await product.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A vendor page: the first artist card's link on the home page. */
async function vendorPath(base: string): Promise<string> {
  const html = await (await fetch(`${base}/`)).text();
  const path = /href="(\/artists\/[^"/]+\/[^"/]+\/[^"]+)"/.exec(html)?.[1];
  if (!path) throw new Error('No artist link on the home page: is the store seeded?');
  return path.replace(/&amp;/g, '&');
}

/** The JavaScript of a page's first load (the entry and the chunks its loader script names), raw, gzip and brotli as served. */
async function firstLoadScripts(base: string, path: string): Promise<{ files: number; raw: number; gzip: number; brotli: number }> {
  const html = await (await fetch(`${base}${path}`)).text();
  const scripts = (/data-preloads="([^"]*)"/.exec(html)?.[1] ?? '').split(' ').filter(Boolean);
  const main = /data-entry="([^"]+)"/.exec(html)?.[1];
  if (main && !scripts.includes(main)) scripts.push(main);
  const sizes = { files: scripts.length, raw: 0, gzip: 0, brotli: 0 };
  for (const script of scripts) {
    const raw = Buffer.from(await (await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    sizes.raw += raw.length;
    const gzip = await fetch(`${base}${script}`, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    sizes.gzip += Number(gzip.headers.get('content-length')) || gzipSync(raw).length;
    const brotli = await fetch(`${base}${script}`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    sizes.brotli += brotli.headers.get('content-encoding') === 'br' ? Number(brotli.headers.get('content-length')) : 0;
  }
  return sizes;
}

const GOALS = { score: 95, interactiveMs: 3_500, blockingMs: 150, scriptGzipBytes: 250_000 };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number | undefined) => (value === undefined ? '–' : `${(value / 1000).toFixed(1)} s`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const product: Product = values.url ? { url: values.url.replace(/\/+$/, ''), close: async () => {} } : await startProduct();
const chrome = await chromeLauncher.launch({
  chromePath: values.chrome,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let failed = false;
try {
  const vendor = await vendorPath(product.url);
  const pages = [
    { name: 'home (he)', path: '/' },
    { name: 'home (en)', path: '/en' },
    { name: 'search (he)', path: '/search' },
    { name: 'search (en)', path: '/en/search' },
    { name: 'vendor (he)', path: vendor },
    { name: 'vendor (en)', path: `/en${vendor}` },
  ];
  console.log(`Lighthouse mobile performance on ${product.url}, ${runs} run(s) per page (median shown)`);
  const rows: string[][] = [['page', 'score', 'FCP', 'LCP', 'TTI', 'TBT', 'CLS', 'SI', 'JS first load (files, raw / gzip / br)']];
  for (const page of pages) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const answer = await lighthouse(`${product.url}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!answer) throw new Error(`Lighthouse gave no result for ${page.path}`);
      if (answer.lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${answer.lhr.runtimeError.message}`);
      results.push(answer.lhr);
      if (values.save) {
        await mkdir(values.save, { recursive: true });
        await writeFile(join(values.save, `${page.name.replace(/\W+/g, '-')}${run + 1}.json`), JSON.stringify(answer.lhr, null, 1));
      }
    }
    const scores = results.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100));
    const chosen = results[scores.indexOf(median(scores))]!;
    const metric = (id: string) => chosen.audits[id]?.numericValue;
    const scripts = await firstLoadScripts(product.url, page.path);
    const missed = [
      ...(median(scores) < GOALS.score ? ['score'] : []),
      ...((metric('interactive') ?? 0) > GOALS.interactiveMs ? ['TTI'] : []),
      ...((metric('total-blocking-time') ?? 0) > GOALS.blockingMs ? ['TBT'] : []),
      ...(scripts.gzip > GOALS.scriptGzipBytes ? ['JS'] : []),
    ];
    if (missed.length) failed = true;
    rows.push([
      `${page.name}${missed.length ? ` (missed: ${missed.join(', ')})` : ''}`, String(median(scores)), ms(metric('first-contentful-paint')), ms(metric('largest-contentful-paint')), ms(metric('interactive')),
      `${Math.round(metric('total-blocking-time') ?? 0)} ms`, (metric('cumulative-layout-shift') ?? 0).toFixed(3), ms(metric('speed-index')),
      `${scripts.files}, ${kb(scripts.raw)} / ${kb(scripts.gzip)} / ${scripts.brotli ? kb(scripts.brotli) : '–'}`,
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  console.log(failed ? 'At least one page missed a goal (marked).' : `Every page meets the goals: score ≥ ${GOALS.score}, TTI ≤ ${GOALS.interactiveMs / 1000} s, TBT ≤ ${GOALS.blockingMs} ms, JS ≤ ${GOALS.scriptGzipBytes / 1000} kB gzipped.`);
} finally {
  chrome.kill();
  await product.close();
}
process.exit(failed ? 1 : 0);
