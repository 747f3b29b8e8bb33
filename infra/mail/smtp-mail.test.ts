import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplace, type Marketplace } from '../../main.ts';
import { CHROMIUM_NOT_FOUND, chromiumPath } from '../../web/test/marketplace.ts';
import { freePort } from '../../test/free-port.ts';

// Activation e-mails through a real SMTP server: aiosmtpd (PyPI, scripts/services/smtp-sink.sh)
// runs scripts/services/smtp-sink.py, which writes each message it accepts into a directory. The
// product (as `npm start` runs it, with SMTP_URL) registers a user; the mail must arrive, in the
// user's language, with a link that activates the account.
const root = fileURLToPath(new URL('../../', import.meta.url));
const sinkScript = join(root, 'scripts/services/smtp-sink.py');
const PUBLIC_URL = 'https://habama.example';

function sinkPython(): { python: string | null; reason: string } {
  const python = process.env.SMTP_SINK_PYTHON || 'python3';
  const probe = spawnSync(python, ['-c', 'import aiosmtpd.controller'], { encoding: 'utf8' });
  if (probe.status === 0) return { python, reason: '' };
  return { python: null, reason: `no Python with aiosmtpd (${python}); run scripts/services/smtp-sink.sh or pip install aiosmtpd` };
}

interface ReceivedMail { rcptTos: string[]; from: string; to: string; subject: string; text: string; html: string }

/** Starts the sink on a free port; resolves once it accepts connections. */
async function startSink(python: string, out: string): Promise<{ port: number; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(python, [sinkScript, '--port', String(port), '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk) => { errors += chunk; });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the SMTP sink did not start: ${errors}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) { clearTimeout(timer); resolve(); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the SMTP sink exited (${code}): ${errors}`)); });
  });
  return { port, process: child };
}

/** Waits for the mail to `address` to arrive in the sink's directory. */
async function mailTo(out: string, address: string, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of readdirSync(out).filter((file) => file.endsWith('.json'))) {
      const mail = JSON.parse(readFileSync(join(out, name), 'utf8')) as ReceivedMail;
      if (mail.rcptTos.includes(address)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function call(base: string, path: string, body: unknown) {
  const response = await fetch(new URL(path, base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => null) as any };
}

/** The link of the mail, opened on the product under test (PUBLIC_URL is where it would be in production). */
const onProduct = (link: string, marketplace: Marketplace) => new URL(link.slice(PUBLIC_URL.length), marketplace.url).href;

const sink = sinkPython();
const browserPath = chromiumPath();

describe.skipIf(!sink.python)(`activation e-mails over SMTP to a real server (aiosmtpd)${sink.python ? '' : ` (skipped: ${sink.reason})`}`, () => {
  let out: string;
  let dataDir: string;
  let smtp: { port: number; process: ChildProcess };
  let marketplace: Marketplace;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'smtp-sink-'));
    dataDir = mkdtempSync(join(tmpdir(), 'marketplace-smtp-'));
    smtp = await startSink(sink.python!, out);
    marketplace = await startMarketplace({
      port: 0, dataDir, seed: false,
      env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'HaBama <hello@habama.example>', PUBLIC_URL },
    });
  }, 120_000);
  afterAll(async () => {
    await marketplace?.close();
    smtp?.process.kill('SIGTERM');
    rmSync(out, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a Hebrew registration gets its activation mail in Hebrew, with the link; following it activates the account', async () => {
    const email = 'noa@example.com';
    const registered = await call(marketplace.url, '/api/user/register', { email, password: 'a-long-password', fullName: 'נועה כהן', locale: 'he-IL' });
    expect(registered.status).toBe(201);
    expect((await call(marketplace.url, '/api/token/jwt', { email, password: 'a-long-password' })).body.code).toBe('user.inactive');

    const mail = await mailTo(out, email);
    expect(mail.from).toBe('HaBama <hello@habama.example>');
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('הפעלת החשבון שלך בהבמה');
    expect(mail.text).toContain('שלום נועה כהן,');
    const link = mail.text.match(/https:\/\/habama\.example\/user\/activate\?token=\S+/)?.[0];
    expect(link, mail.text).toBeDefined();
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);
    // The token travels in the mail only, never in the API's answer.
    const token = new URL(link!).searchParams.get('token')!;
    expect(JSON.stringify(registered.body)).not.toContain(token);

    // The link opens the activation page, which posts its token (web/pages/auth.tsx ActivationPage).
    const page = await fetch(onProduct(link!, marketplace));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="activation"');
    expect((await call(marketplace.url, '/api/user/activate', { token })).status).toBe(200);
    const signedIn = await call(marketplace.url, '/api/token/jwt', { email, password: 'a-long-password' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
  });

  it.skipIf(!browserPath)(`an English registration's mail is in English and its link, opened in Chromium, activates the account${browserPath ? '' : ` (skipped: ${CHROMIUM_NOT_FOUND})`}`, async () => {
    const email = 'dan@example.com';
    expect((await call(marketplace.url, '/api/user/register', { email, password: 'a-long-password', fullName: 'Dan <b>Levi</b>', locale: 'en-US' })).status).toBe(201);
    const mail = await mailTo(out, email);
    expect(mail.subject).toBe('Activate your HaBama account');
    expect(mail.text).toContain('Hello Dan <b>Levi</b>,');
    // A name is text, never markup, in the HTML part.
    expect(mail.html).toContain('Hello Dan &lt;b&gt;Levi&lt;/b&gt;,');
    expect(mail.html).toContain('dir="ltr"');
    const link = mail.text.match(/https:\/\/habama\.example\/en\/user\/activate\?token=\S+/)?.[0];
    expect(link, mail.text).toBeDefined();

    const browser = await chromium.launch({ executablePath: browserPath!, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage({ locale: 'en-US' });
      await page.goto(onProduct(link!, marketplace));
      await page.waitForSelector('[data-testid="activation-done"]', { timeout: 30_000 });
    } finally {
      await browser.close();
    }
    expect((await call(marketplace.url, '/api/token/jwt', { email, password: 'a-long-password' })).status).toBe(200);
  }, 90_000);
});

describe('production and the mail sender', () => {
  it('production refuses to start without SMTP_URL (and PUBLIC_URL), with one line saying what is missing', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-production-'));
    try {
      const run = spawnSync(process.execPath, ['--import', './web/jsx-hooks.ts', 'main.ts'], {
        cwd: root, encoding: 'utf8', timeout: 60_000,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trimEnd().split('\n')).toEqual([
        'Invalid configuration: production needs SMTP_URL (the mail server activation e-mails are sent through, e.g. smtp://user:password@mail.example.com:587) and PUBLIC_URL (the storefront address e-mails link to, e.g. https://habama.co.il)',
      ]);
      // Nothing was started: no store was created.
      expect(existsSync(join(dataDir, 'events.sqlite'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
