import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_NOT_FOUND, apiCall, DEMO, DEMO_PASSWORD, executablePath, signIn, startBrowserSuite, type BrowserSuite } from './browser-kit.ts';
import { commandApiClient } from '../../command-api/client/command-api-client.ts';
import { registerAndSignIn } from '../../command-api/client/accounts.ts';
import { vendorProfile } from '../../command-api/testing/fixtures.ts';

// Repeat and referral facts (issue 27 item 5), in Chromium, in Hebrew on a 300 px phone and in English on a
// desktop: the demo artist opens "Repeat customers and sources" from its menu and reads its figures as the
// seed made them (demo-insights.ts: a second customer came from Facebook, wrote and booked, came again from
// Instagram and booked again); an artist with no customers yet reads the empty states instead.
let suite: BrowserSuite;
const LIVE = { timeout: 30_000 };
const texts = {
  he: { menu: 'לקוחות חוזרים ומקורות', direct: 'ישירות (בלי קישור קמפיין)', noBookings: 'עדיין אין הזמנות. כשלקוחות יזמינו אותך, הם ייספרו כאן.', noSources: 'עדיין אין הזמנות, ולכן אין מקורות להציג.', noConversations: 'עדיין אין שיחות. כשלקוח יכתוב לך, השיחה תיספר כאן.' },
  en: { menu: 'Repeat customers and sources', direct: 'Direct (no campaign link)', noBookings: 'No bookings yet. When customers book you, they are counted here.', noSources: 'No bookings yet, so no sources to show.', noConversations: 'No conversations yet. When a customer writes to you, it is counted here.' },
} as const;

interface Insights {
  bookings: number; bookedCustomers: number; repeatCustomers: number; sources: Array<{ source: string; bookings: number }>;
  conversations: number; convertedConversations: number; conversionRate: number | null;
}

describe.skipIf(!executablePath)(`repeat and referral facts in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  let insights: Insights;

  beforeAll(async () => {
    suite = await startBrowserSuite();
    const vendor = await signIn(suite.market.url, DEMO.vendor);
    insights = (await apiCall<Insights>(suite.market.url, 'GET', 'vendor/insights', vendor.token)).body;
  }, 180_000);
  afterAll(async () => {
    await suite?.close();
  });

  it('the demo seed gives the demo artist repeat customers, campaign sources and conversations that led to orders', () => {
    expect(insights.repeatCustomers).toBeGreaterThanOrEqual(1);
    expect(insights.sources.map((source) => source.source)).toEqual(expect.arrayContaining(['facebook', 'instagram', 'direct']));
    expect(insights.convertedConversations).toBeGreaterThanOrEqual(1);
    expect(insights.conversations).toBeGreaterThan(insights.convertedConversations);
  });

  for (const [locale, width] of [['he', 300], ['en', 1280]] as const) {
    it(`the demo artist reads its figures in ${locale} at ${width} px`, async () => {
      const session = await suite.open(locale, { as: DEMO.vendor, width });
      const { page } = session;
      await suite.goto(session, '/user/dashboard/vendor/profile');
      // From its menu.
      await page.locator('[data-testid="vendor-menu"] a', { hasText: texts[locale].menu }).click();
      await page.waitForSelector('[data-testid="insight-repeat"]', LIVE);
      expect(new URL(page.url()).pathname).toBe(`${session.prefix}/user/dashboard/vendor/insights`);
      expect(await page.textContent('h1')).toBe(texts[locale].menu);
      const numbers = new Intl.NumberFormat(locale === 'he' ? 'he-IL' : 'en-US');
      expect(await page.textContent('[data-testid="insight-repeat"] .insight-value')).toBe(numbers.format(insights.repeatCustomers));
      expect(await page.textContent('[data-testid="insight-bookings"] .insight-value')).toBe(numbers.format(insights.bookings));
      const percent = new Intl.NumberFormat(locale === 'he' ? 'he-IL' : 'en-US', { style: 'percent', maximumFractionDigits: 0 }).format(insights.conversionRate!);
      expect(await page.textContent('[data-testid="insight-conversion"] .insight-value')).toBe(percent);
      // The sources, most bookings first, "direct" in words.
      const rows = page.locator('[data-testid="insight-source"]');
      expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-source')))).toEqual(insights.sources.map((source) => source.source));
      expect(await page.textContent('[data-testid="insight-source"][data-source="direct"] .insight-source-name')).toBe(texts[locale].direct);
      expect(await page.textContent('[data-testid="insight-source"][data-source="facebook"] .insight-source-name')).toBe('facebook');
      expect(await page.getAttribute('html', 'dir')).toBe(locale === 'he' ? 'rtl' : 'ltr');
      // Readable on a phone: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(session.problems).toEqual([]);
      await session.context.close();
    }, 120_000);
  }

  it('an artist without customers reads the empty states (he and en)', async () => {
    const email = 'new-artist-insights@example.com';
    const user = await registerAndSignIn(commandApiClient(suite.market.url), suite.market.mailOutbox, { email, password: DEMO_PASSWORD, fullName: 'Neta New' });
    expect((await apiCall(suite.market.url, 'POST', 'artists/register', user.token, { profile: vendorProfile('Neta New') })).status).toBe(201);
    for (const [locale, width] of [['he', 300], ['en', 1280]] as const) {
      const session = await suite.open(locale, { as: email, width });
      const { page } = session;
      await suite.goto(session, '/user/dashboard/vendor/insights');
      await page.waitForSelector('[data-testid="insight-sources-empty"]', LIVE);
      expect(await page.textContent('[data-testid="insight-sources-empty"]')).toBe(texts[locale].noSources);
      expect(await page.textContent('[data-testid="insight-repeat"] .insight-detail')).toBe(texts[locale].noBookings);
      expect(await page.textContent('[data-testid="insight-conversion"] .insight-detail')).toBe(texts[locale].noConversations);
      expect(await page.textContent('[data-testid="insight-conversion"] .insight-value')).toBe('—');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(session.problems).toEqual([]);
      await session.context.close();
    }
  }, 120_000);
});
