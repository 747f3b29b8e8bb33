import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_NOT_FOUND, DEMO, DEMO_PASSWORD, apiCall, executablePath, signIn, startBrowserSuite, type BrowserSuite, type Locale, type Session } from './browser-kit.ts';

// Issue 9 part B in Chromium, in Hebrew and English: the customer's profile (name, phone in both SPEC
// §5 forms, a bad phone's message, the password), My artists (favorite artists and saved services,
// removed), payments, their reviews (edited, then seen on the artist page; deleted), the artist's
// reviews summary, and help.
const LIVE = { timeout: 20_000 };

let suite: BrowserSuite;
let vendorId: string;

interface Texts {
  phoneNumberError: string;
  wrongPassword: string;
  faqQuestion: string;
  charge: string;
  refund: string;
}
const texts: Record<Locale, Texts> = {
  he: {
    phoneNumberError: 'זה לא מספר טלפון של המדינה שנבחרה. יש להקליד אותו כפי שמחייגים, למשל \u2066050\u2011123\u20114567\u2069 או \u206602\u2011123\u20114567\u2069.',
    wrongPassword: 'הסיסמה הנוכחית שגויה.',
    faqQuestion: 'איך משלמים?',
    charge: 'חיוב',
    refund: 'החזר',
  },
  en: {
    phoneNumberError: 'This is not a phone number of the chosen country. Type it as you dial it, e.g. 050\u2011123\u20114567 or 02\u2011123\u20114567.',
    wrongPassword: 'The current password is wrong.',
    faqQuestion: 'How do I pay?',
    charge: 'Charge',
    refund: 'Refund',
  },
};

const api = <T = any>(method: string, path: string, token: string | null, body?: unknown) => apiCall<T>(suite.market.url, method, path, token, body);
const customerToken = async () => (await signIn(suite.market.url, DEMO.customer)).token;
const priceText = (locale: Locale, amountMinor: number) =>
  new Intl.NumberFormat(locale === 'he' ? 'he-IL' : 'en-US', { style: 'currency', currency: 'ILS', maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(amountMinor / 100);

async function customer(locale: Locale, path: string, width?: number): Promise<Session> {
  const session = await suite.open(locale, { as: DEMO.customer, width });
  await suite.goto(session, path);
  return session;
}

describe.skipIf(!executablePath)(`the customer's own screens in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
    const vendor = await signIn(suite.market.url, DEMO.vendor);
    vendorId = (await apiCall<{ Vendor: { id: string } }>(suite.market.url, 'GET', 'user/current', vendor.token)).body.Vendor.id;
  }, 180_000);
  afterAll(async () => suite?.close());

  for (const locale of ['he', 'en'] as const) {
    const words = texts[locale];

    it(`edits name and phone in both forms, saved after reload; a bad phone shows its message (${locale})`, async () => {
      const session = await customer(locale, '/user/dashboard/profile', locale === 'he' ? 390 : 1280);
      const { page } = session;
      expect(await page.getAttribute('html', 'dir')).toBe(locale === 'he' ? 'rtl' : 'ltr');
      const name = locale === 'he' ? 'דנה לוי' : 'Dana Levi';

      // A country prefix and the number as dialled there; shown again the same way.
      await page.fill('[data-testid="profile-full-name"]', name);
      await page.selectOption('[data-testid="profile-phone-prefix"]', '+972');
      await page.fill('[data-testid="profile-phone-number"]', '050-123-4567');
      await page.click('[data-testid="profile-save"]');
      await page.waitForSelector('[data-testid="profile-saved"]', LIVE);
      await page.reload();
      await page.waitForSelector('html[data-activated="true"]');
      expect(await page.inputValue('[data-testid="profile-full-name"]')).toBe(name);
      expect(await page.inputValue('[data-testid="profile-phone-prefix"]')).toBe('+972');
      expect(await page.inputValue('[data-testid="profile-phone-number"]')).toBe('050-123-4567');
      expect(await page.$('[data-testid="profile-saved"]')).toBeNull();
      expect((await api('GET', 'user/current', await customerToken())).body).toMatchObject({ fullName: name, phone: '+972501234567' });

      // The string form: the full number typed with +.
      await page.fill('[data-testid="profile-phone-number"]', '+972 54 111 2233');
      await page.click('[data-testid="profile-save"]');
      await page.waitForSelector('[data-testid="profile-saved"]', LIVE);
      expect(await page.inputValue('[data-testid="profile-phone-number"]')).toBe('054-111-2233');
      expect((await api('GET', 'user/current', await customerToken())).body.phone).toBe('+972541112233');

      // A landline: 12 characters in E.164.
      await page.fill('[data-testid="profile-phone-number"]', '(03) 123-4567');
      await page.click('[data-testid="profile-save"]');
      // The saved page loads again and shows the stored number as dialled.
      await page.waitForFunction(() => (document.querySelector('[data-testid="profile-phone-number"]') as HTMLInputElement | null)?.value === '03-123-4567', undefined, LIVE);
      expect((await api('GET', 'user/current', await customerToken())).body.phone).toBe('+97231234567');

      // A number that is neither form: the message under the phone, nothing saved.
      await page.fill('[data-testid="profile-phone-number"]', '12345');
      await page.click('[data-testid="profile-save"]');
      const message = page.locator('#phone-error');
      await message.waitFor();
      expect(await message.textContent()).toBe(words.phoneNumberError);
      expect(await page.getAttribute('[data-testid="profile-phone-number"]', 'aria-invalid')).toBe('true');
      expect((await api('GET', 'user/current', await customerToken())).body.phone).toBe('+97231234567');
      expect(session.problems).toEqual([]);
    });

    it(`changes the password, and the new one signs in (${locale})`, async () => {
      const session = await customer(locale, '/user/dashboard/profile');
      const { page } = session;
      const newPassword = `a-new-password-${locale}`;

      await page.fill('[data-testid="profile-currentPassword"]', 'not-my-password');
      await page.fill('[data-testid="profile-newPassword"]', newPassword);
      await page.fill('[data-testid="profile-confirmPassword"]', newPassword);
      await page.click('[data-testid="password-save"]');
      await page.waitForSelector(`#currentPassword-error:text-is("${words.wrongPassword}")`, LIVE);

      await page.fill('[data-testid="profile-currentPassword"]', DEMO_PASSWORD);
      await page.click('[data-testid="password-save"]');
      await page.waitForSelector('[data-testid="password-changed"]', LIVE);
      expect(await page.inputValue('[data-testid="profile-newPassword"]')).toBe('');

      const signedIn = await api<{ token: string }>('POST', 'token/jwt', null, { email: DEMO.customer, password: newPassword });
      expect(signedIn.status).toBe(200);
      expect((await api('POST', 'token/jwt', null, { email: DEMO.customer, password: DEMO_PASSWORD })).status).toBe(401);
      // The page's own session continues with the fresh tokens the change answered.
      await page.reload();
      await page.waitForSelector('[data-testid="profile-form"]');
      expect(await page.$('[data-testid="user-menu"]')).not.toBeNull();

      // Back to the demo password, for the other tests.
      const restored = await api('POST', 'user/password', signedIn.body.token, { currentPassword: newPassword, newPassword: DEMO_PASSWORD });
      expect(restored.status).toBe(200);
      expect(session.problems).toEqual([]);
    });

    it(`removes a favorite artist and a saved service from My artists (${locale})`, async () => {
      const token = await customerToken();
      const artists = (await api<{ items: { vendorId: string }[] }>('GET', 'ecommerce/vendor?limit=2&sort=-rating', null)).body.items;
      const [kept, removed] = artists.map((artist) => artist.vendorId) as [string, string];
      for (const id of [kept, removed]) expect((await api('POST', `artists/vendor/${id}/favored/by-user`, token)).status).toBe(200);
      const productId = (await api<{ items: { productId: string }[] }>('GET', `ecommerce/product?vendorId=${vendorId}&limit=1`, null)).body.items[0]!.productId;

      // A service is saved from its own page.
      const session = await customer(locale, `/store/product/${productId}`);
      const { page } = session;
      await page.click('[data-testid="save-product"]');
      await page.waitForSelector('[data-testid="save-product"][aria-pressed="true"]', LIVE);

      await suite.goto(session, '/user/dashboard/my-vendors');
      const favorite = (id: string) => page.locator(`[data-testid="favorite-vendor"][data-vendor-id="${id}"]`);
      await favorite(kept).waitFor(LIVE);
      await favorite(removed).waitFor(LIVE);
      const count = Number(await page.textContent('[data-testid="favorites-count"]'));
      await favorite(removed).locator('[data-testid="remove-favorite-vendor"]').click();
      await favorite(removed).waitFor({ state: 'detached', ...LIVE });
      await expect.poll(async () => Number(await page.textContent('[data-testid="favorites-count"]'))).toBe(count - 1);

      const saved = page.locator(`[data-testid="saved-product"][data-product-id="${productId}"]`);
      await saved.waitFor(LIVE);
      await saved.locator('[data-testid="remove-saved-product"]').click();
      await saved.waitFor({ state: 'detached', ...LIVE });

      // Gone for good: after a reload, and on the server.
      await page.reload();
      await page.waitForSelector('html[data-activated="true"]');
      expect(await favorite(removed).count()).toBe(0);
      expect(await favorite(kept).count()).toBe(1);
      expect(await saved.count()).toBe(0);
      const favorites = (await api<{ vendorIds: string[]; productIds: string[] }>('GET', 'artists/vendor/favored/by-user', token)).body;
      expect(favorites.vendorIds).not.toContain(removed);
      expect(favorites.productIds).not.toContain(productId);
      expect((await api('DELETE', `artists/vendor/${kept}/favored/by-user`, token)).status).toBe(200);
      expect(session.problems).toEqual([]);
    });

    it(`lists the demo customer's charges and a refund with amounts and totals (${locale})`, async () => {
      // A paid order canceled later: its charge and its refund.
      const token = await customerToken();
      const productId = (await api<{ items: { productId: string }[] }>('GET', `ecommerce/product?vendorId=${vendorId}&type=default&limit=1`, null)).body.items[0]!.productId;
      const placed = await api<{ id: string }>('POST', 'orders', token, { productId });
      expect((await api('POST', `orders/${placed.body.id}/pay`, token, { cardNumber: '4242424242424242' })).status).toBe(200);
      expect((await api('POST', `orders/${placed.body.id}/cancel`, token, { reason: 'The date moved' })).status).toBe(200);
      let payments: { items: { kind: string; orderId: string; amount: { amountMinor: number } }[]; total: number; totals: { net: { amountMinor: number } } };
      await expect.poll(async () => {
        payments = (await api('GET', 'payments?limit=999', token)).body;
        return payments.items.filter((entry) => entry.orderId === placed.body.id).length;
      }, LIVE).toBe(2);

      const session = await customer(locale, '/user/dashboard/payments', locale === 'he' ? 1280 : 390);
      const { page } = session;
      const rows = page.locator('[data-testid="payment-row"]');
      await rows.first().waitFor();
      expect(payments!.items.filter((entry) => entry.kind === 'charge').length).toBeGreaterThanOrEqual(8);
      expect(await rows.count()).toBe(Math.min(payments!.total, 20));
      // Newest first: the refund, then its charge, each with the amount in shekels.
      const [refund, charge] = [rows.nth(0), rows.nth(1)];
      expect(await refund.getAttribute('data-kind')).toBe('refund');
      expect(await refund.getAttribute('data-order-id')).toBe(placed.body.id);
      expect(await refund.locator('.payment-kind').textContent()).toBe(words.refund);
      expect(await charge.locator('.payment-kind').textContent()).toBe(words.charge);
      const amount = priceText(locale, payments!.items[0]!.amount.amountMinor);
      expect(await refund.locator('.payment-amount').textContent()).toBe(amount);
      expect(await charge.locator('.payment-amount').textContent()).toBe(amount);
      expect(await charge.textContent()).toContain('4242');
      expect(await page.textContent('[data-testid="payment-net"]')).toBe(priceText(locale, payments!.totals.net.amountMinor));
      await refund.locator('.payment-product a').click();
      await page.waitForURL((url) => url.pathname.endsWith(`/order/${placed.body.id}/complete`), LIVE);
      expect(session.problems).toEqual([]);
    });

    it(`edits one of their reviews and the artist page shows it; deletes another (${locale})`, async () => {
      const token = await customerToken();
      const mine = (await api<{ items: { orderId: string; vendorId: string }[] }>('GET', 'reviews?limit=100', token)).body.items;
      const ofTheDemoArtist = mine.find((review) => review.vendorId === vendorId)!;
      const another = mine.find((review) => review.vendorId !== vendorId)!;
      const text = locale === 'he' ? 'ערב נהדר, נזמין שוב בשמחה' : 'A wonderful evening, we will book again';

      const session = await customer(locale, '/user/dashboard/reviews');
      const { page } = session;
      const item = page.locator(`[data-testid="my-review"][data-order-id="${ofTheDemoArtist.orderId}"]`);
      await item.locator('[data-testid="review-edit"]').click();
      await item.locator('[data-testid="review-rating-4"]').check();
      await item.locator('[data-testid="review-text"]').fill(text);
      await item.locator('[data-testid="review-save"]').click();
      await item.locator('[data-testid="review-saved"]').waitFor(LIVE);
      expect(await item.locator('[data-testid="my-review-text"]').textContent()).toBe(text);

      // The artist's page shows the new text.
      await item.locator('[data-testid="review-vendor-link"]').click();
      await page.waitForSelector('[data-testid="vendor-page"]', LIVE);
      await page.waitForSelector(`.review-list :text("${text}")`, LIVE);

      // Another review is deleted after a confirmation, and stays gone.
      await suite.goto(session, '/user/dashboard/reviews');
      const other = page.locator(`[data-testid="my-review"][data-order-id="${another.orderId}"]`);
      await other.locator('[data-testid="review-delete"]').click();
      await other.locator('[data-testid="review-delete-confirm"]').click();
      await other.waitFor({ state: 'detached', ...LIVE });
      await page.waitForSelector('[data-testid="review-deleted"]');
      await page.reload();
      await page.waitForSelector('[data-testid="my-review"]');
      expect(await other.count()).toBe(0);
      expect((await api<{ items: { orderId: string }[] }>('GET', 'reviews?limit=100', token)).body.items.map((review) => review.orderId)).not.toContain(another.orderId);
      expect(session.problems).toEqual([]);
    });

    it(`shows the artist their rating summary and reviews (${locale})`, async () => {
      const summary = (await api<{ summary: { count: number; avg: number; distribution: Record<string, number> } }>('GET', `ecommerce/vendor/${vendorId}/reviews`, null)).body.summary;
      expect(summary.count).toBeGreaterThan(0);
      const session = await suite.open(locale, { as: DEMO.vendor, width: locale === 'he' ? 300 : 1280 });
      await suite.goto(session, '/user/dashboard/vendor/reviews');
      const { page } = session;
      await page.waitForSelector('[data-testid="rating-summary"]');
      const average = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(summary.avg);
      expect(await page.textContent('[data-testid="rating-average"]')).toBe(average);
      for (const stars of ['1', '2', '3', '4', '5']) {
        expect(await page.getAttribute(`[data-testid="rating-bar-${stars}"]`, 'data-count')).toBe(String(summary.distribution[stars]));
      }
      expect(await page.locator('[data-testid="vendor-review"]').count()).toBe(Math.min(summary.count, 20));
      // Nothing of the screen is wider than the window, even at 300 px.
      expect(await page.evaluate(() => {
        const content = document.querySelector('.dashboard-content')!;
        return content.scrollWidth <= content.clientWidth && content.getBoundingClientRect().right <= document.documentElement.clientWidth + 1;
      })).toBe(true);
      expect(session.problems).toEqual([]);
    });

    it(`help shows the WhatsApp number and the questions and answers, in both menus (${locale})`, async () => {
      for (const email of [DEMO.customer, DEMO.vendor]) {
        const session = await suite.open(locale, { as: email });
        await suite.goto(session, '/user/dashboard/help');
        const { page } = session;
        await page.waitForSelector(`[data-testid="help-faq"] h3:text-is("${words.faqQuestion}")`);
        expect(await page.getAttribute('[data-testid="help-whatsapp-link"]', 'href')).toBe('https://wa.me/972545550123');
        expect(await page.locator(`.dashboard-menu a[href$="/user/dashboard/help"]`).count()).toBe(1);
        expect(session.problems).toEqual([]);
      }
    });
  }
});
