// `npm run screenshots`: home, search, vendor page, checkout and every dashboard screen (the
// customer's and the vendor's) at 390 px and 1280 px in Hebrew and English, taken from a freshly
// started, seeded marketplace into screenshots/ (git-ignored), for review.
import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startTestMarketplace, DEMO, DEMO_PASSWORD, chromiumPath, signIn } from './test/marketplace.ts';
import { openFirstFreeDay } from './test/calendar-kit.ts';
import { PERSONAL_MENU, VENDOR_MENU, dashboardPath, type DashboardItem } from './pages/dashboard/dashboard-layout.tsx';

const WIDTHS = [390, 1280];
const LOCALES = ['he', 'en'] as const;
const OUT_DIR = join(process.cwd(), 'screenshots');
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function main() {
  const executablePath = chromiumPath();
  if (!executablePath || !existsSync(executablePath)) {
    console.error('No Chromium at CHROMIUM_PATH, /usr/bin/chromium-headless-shell or /usr/bin/chromium: install one (apt-get install -y chromium-headless-shell) to take screenshots.');
    process.exitCode = 1;
    return;
  }
  await mkdir(OUT_DIR, { recursive: true });
  const market = await startTestMarketplace();
  const browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS });
  const taken: string[] = [];
  try {
    for (const locale of LOCALES) {
      const prefix = locale === 'en' ? '/en' : '';
      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 }, locale: locale === 'he' ? 'he-IL' : 'en-US', timezoneId: 'Asia/Jerusalem' });
        const page = await context.newPage();
        const shoot = async (name: string) => {
          const file = join(OUT_DIR, `${name}-${locale}-${width}.png`);
          // From the top, so the sticky header is drawn where it belongs in a full-page shot.
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: file, fullPage: true });
          taken.push(file);
        };
        const open = async (path: string) => {
          await page.goto(`${market.url}${path}`);
          await page.waitForSelector('html[data-activated="true"]');
        };

        await open(`${prefix}/`);
        await shoot('home');
        await open(`${prefix}/search?category=singers`);
        await shoot('search');
        const vendorHref = await page.getAttribute('[data-testid="vendor-card"] .vendor-card-link', 'href');
        await open(vendorHref!);
        await pickFirstSlot(page);
        await shoot('vendor');

        // Checkout needs a signed-in user: sign in through the login page, then book the picked slot.
        const bookHref = await page.getAttribute('[data-testid="book-slot"]', 'href');
        await open(`${prefix}/user/login?loginRedirect=${encodeURIComponent(bookHref!)}`);
        await page.fill('[data-testid="login-email"]', DEMO.customer);
        await page.fill('[data-testid="login-password"]', DEMO_PASSWORD);
        await page.click('[data-testid="login-submit"]');
        await page.waitForSelector('[data-testid="checkout"]');
        await page.waitForSelector('html[data-activated="true"]');
        await shoot('checkout');
        await context.close();

        // Every dashboard screen, as the customer and as the vendor (signed in by cookie).
        for (const [who, email, menu] of [['customer', DEMO.customer, PERSONAL_MENU], ['vendor', DEMO.vendor, VENDOR_MENU]] as const) {
          const tokens = await signIn(market.url, email);
          const signedIn = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 }, locale: locale === 'he' ? 'he-IL' : 'en-US', timezoneId: 'Asia/Jerusalem' });
          await signedIn.addCookies([{ name: 'token', value: tokens.token, url: market.url }, { name: 'refresh_token', value: tokens.refresh_token, url: market.url }]);
          const dashboardPage = await signedIn.newPage();
          for (const item of new Set<DashboardItem>(['profile', ...menu])) {
            await dashboardPage.goto(`${market.url}${prefix}${dashboardPath(item)}`);
            await dashboardPage.waitForSelector('html[data-activated="true"]');
            await dashboardPage.evaluate(() => window.scrollTo(0, 0));
            const file = join(OUT_DIR, `dashboard-${who}-${item.replace('/', '-')}-${locale}-${width}.png`);
            await dashboardPage.screenshot({ path: file, fullPage: true });
            taken.push(file);
          }
          await signedIn.close();
        }
      }
    }
  } finally {
    await browser.close();
    await market.close();
  }
  console.log(taken.map((file) => `screenshot: ${file}`).join('\n'));
}

async function pickFirstSlot(page: Page) {
  await openFirstFreeDay(page);
  await page.click('[data-testid="slot"]');
  await page.waitForSelector('[data-testid="book-slot"]');
}

await main();
