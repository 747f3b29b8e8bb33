import { rm } from 'node:fs/promises';
import { freshDemoDataDir } from '../../test/demo-data-dir.ts';
import type { StartOptions } from '../../main.ts';

// The started product for the storefront's tests: main.ts's startMarketplace on port 0 with the demo
// seed (a copy of the run's seeded data, test/demo-data-dir.ts), in a fresh data directory that is
// removed afterwards, serving the storefront's production client build unless a test asks for the other.
export const DEMO_PASSWORD = 'demo-password';
export const DEMO = { admin: 'admin@demo.local', vendor: 'vendor@demo.local', customer: 'customer@demo.local' } as const;

export interface TestMarketplace {
  url: string;
  /** The product's event store, for a test that plants data the API would refuse now (older data). */
  eventStore: import('../../domain/ports/event-store.ts').EventStore;
  /** The account mails the product "sent" (no SMTP in tests): activation and password reset links. */
  mailOutbox: import('../../command-api/activation-mailer.ts').OutboxMailer;
  close(): Promise<void>;
}

export async function startTestMarketplace(options: Pick<StartOptions, 'storefrontBuild'> = {}): Promise<TestMarketplace> {
  const { startMarketplace } = await import('../../main.ts');
  const dataDir = await freshDemoDataDir('storefront-test-');
  // The storefront's production client build unless a test asks for the development one: what shoppers
  // load. The development build (unminified, inline source maps, React's development build) cost Chromium
  // about a third more CPU in the browser tests; `npm run dev` is where React's development warnings are read.
  const marketplace = await startMarketplace({ port: 0, dataDir, seed: true, logLevel: 'silent', storefrontBuild: options.storefrontBuild ?? 'production' });
  return {
    url: marketplace.url,
    eventStore: marketplace.adapters.eventStore,
    mailOutbox: marketplace.mailOutbox!,
    close: async () => {
      await marketplace.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(url: string, email: string): Promise<{ token: string; refresh_token: string }> {
  const response = await fetch(`${url}/api/token/jwt`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return response.json() as Promise<{ token: string; refresh_token: string }>;
}

export async function apiCall<T>(url: string, method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A page of the storefront as the server renders it (redirects not followed). */
export async function page(url: string, path: string, token?: string, extraCookie = ''): Promise<{ status: number; html: string; location: string | null }> {
  const cookie = [token ? `token=${token}` : '', extraCookie].filter(Boolean).join('; ');
  const response = await fetch(`${url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') };
}

/** Where chromiumPath() looks after CHROMIUM_PATH, in order: Debian's headless shell, its full browser, Ubuntu's name for it. */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Why a browser test is skipped when chromiumPath() finds none: the places it looked. */
export const CHROMIUM_NOT_FOUND = `no Chromium at CHROMIUM_PATH, ${CHROMIUM_CANDIDATES.slice(0, -1).join(', ')} or ${CHROMIUM_CANDIDATES.at(-1)}`;

/**
 * The Chromium the tests drive: CHROMIUM_PATH, else Debian's headless shell, else its full browser. The
 * headless shell (what Playwright itself runs headless) is the same Blink without the full browser's
 * window and compositing machinery: the browser tier costs about 40% less CPU in it, and CI runs every
 * browser test file on two shared cores (scripts/services/chromium.sh installs it).
 */
export const chromiumPath = (): string | null => {
  const candidates = [process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].filter((path): path is string => Boolean(path));
  const { existsSync } = process.getBuiltinModule('node:fs');
  return candidates.find((path) => existsSync(path)) ?? null;
};
