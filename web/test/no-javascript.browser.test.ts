import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM_NOT_FOUND, apiCall, DEMO, DEMO_PASSWORD, executablePath, firstTextOf, noScriptRan, signIn, startBrowserSuite, type BrowserSuite } from './browser-kit.ts';
import { fillEventDetails } from './event-details-kit.ts';

// Forms without JavaScript: every write is a route action, so a browser that runs
// no script posts the form to the page's own address, the server pass runs the action, and the page
// comes back with the result or the refusal (the 422's messages under their fields). The same forms
// with JavaScript are covered by the flows of browser.test.ts, orders, account and vendor-calendar.
let suite: BrowserSuite;
let productId: string;
let vendorId: string;

const WAIT = { timeout: 20_000 };
const textOf = (page: Page, selector: string) => firstTextOf(page, selector, WAIT.timeout);

beforeAll(async () => {
  suite = await startBrowserSuite();
  const vendors = await apiCall<{ items: { vendorId: string }[] }>(suite.market.url, 'GET', 'ecommerce/vendor?text=Noa&limit=1', null);
  const products = await apiCall<{ items: { productId: string; type: string }[] }>(suite.market.url, 'GET', `ecommerce/product?vendorId=${vendors.body.items[0]!.vendorId}`, null);
  vendorId = vendors.body.items[0]!.vendorId;
  productId = products.body.items.find((item) => item.type === 'default')!.productId;
}, 180_000);

afterAll(async () => {
  await suite?.close();
});

describe.skipIf(!executablePath)(`forms without JavaScript in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  it('signs in: a wrong password shows the message with the e-mail kept, the right one lands on loginRedirect signed in', async () => {
    const { page } = await suite.open('he', { javaScript: false });
    await page.goto(`${suite.market.url}/user/login?loginRedirect=${encodeURIComponent('/user/dashboard/orders')}`);
    await noScriptRan(page);
    await page.fill('[data-testid="login-email"]', DEMO.customer);
    await page.fill('[data-testid="login-password"]', 'wrong-password');
    await page.click('[data-testid="login-submit"]');
    expect(await textOf(page, '[data-testid="form-error"]')).toContain('הדוא״ל או הסיסמה שגויים.');
    expect(await page.inputValue('[data-testid="login-email"]')).toBe(DEMO.customer);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await page.fill('[data-testid="login-password"]', DEMO_PASSWORD);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL((url) => url.pathname === '/user/dashboard/orders', WAIT);
    await page.waitForSelector('[data-testid="user-menu"]', WAIT);
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'token' && cookie.value.startsWith('ey'))).toBe(true);
  });

  it('places an order and pays it: a declined card and a malformed number are refused on the page, a good card pays', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.customer });
    await page.goto(`${suite.market.url}/en/checkout?productId=${productId}`);
    await noScriptRan(page);
    await page.fill('[data-testid="checkout-notes"]', 'Without scripts, please');
    await fillEventDetails(page);
    await page.click('[data-testid="place-order"]');
    await page.waitForURL((url) => /^\/en\/order\/[^/]+\/payment$/.test(url.pathname), WAIT);
    expect(await textOf(page, '[data-testid="order-summary"]')).toContain('Without scripts, please');

    await page.fill('[data-testid="card-number"]', '4000 0000 0000 0002');
    await page.click('[data-testid="pay"]');
    expect(await textOf(page, '[data-testid="form-error"]')).toContain('The card was declined. Try another card.');

    await page.fill('[data-testid="card-number"]', '------------');
    await page.click('[data-testid="pay"]');
    await page.waitForSelector('[data-testid="card-number"][aria-invalid="true"]', WAIT);
    expect(await textOf(page, '#card-number-error')).not.toBe('');

    await page.fill('[data-testid="card-number"]', '4242 4242 4242 4242');
    await page.click('[data-testid="pay"]');
    await page.waitForURL((url) => /^\/en\/order\/[^/]+\/complete$/.test(url.pathname), WAIT);
    expect(await textOf(page, '[data-testid="order-complete-title"]')).toBe('Payment received');
  });

  it('saves the profile: an empty name is refused under its field with what was typed kept, a name is saved', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.customer });
    await page.goto(`${suite.market.url}/en/user/dashboard/profile`);
    await noScriptRan(page);
    await page.fill('[data-testid="profile-full-name"]', '');
    await page.fill('[data-testid="profile-phone-number"]', '52 765 4321');
    await page.click('[data-testid="profile-save"]');
    expect(await textOf(page, '#fullName-error')).toBe('Please enter your full name.');
    expect(await page.getAttribute('[data-testid="profile-full-name"]', 'aria-invalid')).toBe('true');
    expect(await page.inputValue('[data-testid="profile-phone-number"]')).toBe('52 765 4321');
    await page.fill('[data-testid="profile-full-name"]', 'Dana Scriptless');
    await page.click('[data-testid="profile-save"]');
    expect(await textOf(page, '[data-testid="profile-saved"]')).toBe('Your details were saved.');
    expect(await page.inputValue('[data-testid="profile-full-name"]')).toBe('Dana Scriptless');
    expect(await page.inputValue('[data-testid="profile-phone-number"]')).toBe('052-765-4321');
  });

  it('blocks time in the artist\'s calendar: an end before the start is refused under its field, a good time is blocked and listed', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.vendor });
    const date = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${suite.market.url}/en/user/dashboard/vendor/busy-windows?view=week&date=${date}`);
    await noScriptRan(page);
    await page.fill('[data-testid="busy-date"]', date);
    await page.fill('[data-testid="busy-from"]', '14:00');
    await page.fill('[data-testid="busy-to"]', '13:00');
    await page.fill('[data-testid="busy-reason"]', 'Rehearsal without scripts');
    await page.click('[data-testid="busy-save"]');
    await page.waitForSelector('[data-testid="busy-to"][aria-invalid="true"]', WAIT);
    expect(await textOf(page, '[data-testid="busy-window-form"] [data-testid="field-error"]')).toBe('The end must be after the start.');
    expect(await page.inputValue('[data-testid="busy-reason"]')).toBe('Rehearsal without scripts');
    await page.fill('[data-testid="busy-date"]', date);
    await page.fill('[data-testid="busy-to"]', '16:00');
    await page.click('[data-testid="busy-save"]');
    expect(await textOf(page, '[data-testid="busy-notice"]')).toMatch(/^Blocked: /);
    await page.waitForSelector('[data-testid="upcoming-windows"] [data-testid="window-row"]:has-text("Rehearsal without scripts")', WAIT);
  });

  it('drafts a service contract: a missing price is refused under its field with the typed terms kept, a full draft opens the contract', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.vendor });
    await page.goto(`${suite.market.url}/en/user/dashboard/contracts/new`);
    await noScriptRan(page);
    const customerId = await page.locator('[data-testid="contract-customer"] option').nth(1).getAttribute('value');
    await page.selectOption('[data-testid="contract-customer"]', customerId!);
    await page.fill('[data-testid="contract-title"]', 'Wedding set without scripts');
    await page.fill('[data-testid="contract-terms-input"]', 'Two sets of forty minutes, sound included.');
    await page.click('[data-testid="save-contract"]');
    await page.waitForSelector('[data-testid="contract-price"][aria-invalid="true"]', WAIT);
    expect(await textOf(page, '[data-testid="contract-form"] [data-testid="field-error"]')).toBe('Enter a price in shekels, 0 or more.');
    expect(await page.inputValue('[data-testid="contract-title"]')).toBe('Wedding set without scripts');
    expect(await page.inputValue('[data-testid="contract-terms-input"]')).toBe('Two sets of forty minutes, sound included.');
    expect(await page.inputValue('[data-testid="contract-customer"]')).toBe(customerId);
    await page.fill('[data-testid="contract-price"]', '1800');
    await page.click('[data-testid="save-contract"]');
    await page.waitForSelector('[data-testid="contract-detail"][data-status="draft"]', WAIT);
    expect(new URL(page.url()).pathname).toMatch(/^\/en\/user\/dashboard\/contracts\/[^/]+$/);
    expect(await textOf(page, '[data-testid="contract-terms"]')).toBe('Two sets of forty minutes, sound included.');
  });

  it('hearts an artist as a guest: the plain form sets the favorites cookie and comes back with the heart pressed', async () => {
    const { page, context } = await suite.open('he', { javaScript: false });
    await page.goto(`${suite.market.url}/store/vendors`);
    await noScriptRan(page);
    const form = page.locator('form:has([data-testid="favorite-toggle"][aria-pressed="false"])').first();
    const vendorId = await form.locator('input[name="id"]').inputValue();
    await form.locator('[data-testid="favorite-toggle"]').click();
    await page.locator(`form:has(input[name="id"][value="${vendorId}"]) [data-testid="favorite-toggle"][aria-pressed="true"]`).first().waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/store/vendors');
    const cookie = (await context.cookies()).find((item) => item.name === 'favorites');
    expect(decodeURIComponent(cookie?.value ?? '').split(',')).toContain(vendorId);
    await page.locator(`form:has(input[name="id"][value="${vendorId}"]) [data-testid="favorite-toggle"]`).first().click();
    await page.locator(`form:has(input[name="id"][value="${vendorId}"]) [data-testid="favorite-toggle"][aria-pressed="false"]`).first().waitFor(WAIT);
    expect(decodeURIComponent((await context.cookies()).find((item) => item.name === 'favorites')?.value ?? '').split(',')).not.toContain(vendorId);
  });

  it('saves a product as a signed-in customer: the plain form writes it, the page comes back with "Saved", and again unsaves it', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.customer });
    await page.goto(`${suite.market.url}/en/store/product/${productId}`);
    await noScriptRan(page);
    const button = page.locator('[data-testid="save-product"]');
    const before = await button.getAttribute('aria-pressed', WAIT);
    const after = before === 'true' ? 'false' : 'true';
    await button.click();
    await page.locator(`[data-testid="save-product"][aria-pressed="${after}"]`).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe(`/en/store/product/${productId}`);
    await page.goto(`${suite.market.url}/en/user/dashboard/my-vendors`);
    expect(await page.locator(`a[href*="${productId}"]`).count() > 0).toBe(after === 'true');
    await page.goto(`${suite.market.url}/en/store/product/${productId}`);
    await page.locator('[data-testid="save-product"]').click();
    await page.locator(`[data-testid="save-product"][aria-pressed="${before}"]`).waitFor(WAIT);
  });

  it('cancels an order with a reason: the cancel form opens by its link, an empty reason is refused under its field, a reason cancels', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.customer });
    await page.goto(`${suite.market.url}/en/checkout?productId=${productId}`);
    await page.fill('[data-testid="checkout-notes"]', 'To be canceled without scripts');
    await fillEventDetails(page);
    await page.click('[data-testid="place-order"]');
    await page.waitForURL((url) => /^\/en\/order\/[^/]+\/payment$/.test(url.pathname), WAIT);
    const orderId = new URL(page.url()).pathname.split('/')[3]!;
    await page.goto(`${suite.market.url}/en/user/dashboard/orders`);
    await noScriptRan(page);
    const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await card.locator('[data-testid="order-cancel"]').click();
    await page.waitForURL((url) => url.searchParams.get('cancel') === orderId, WAIT);
    await card.locator('[data-testid="order-cancel-confirm"]').click();
    await card.locator('[data-testid="order-cancel-reason"][aria-invalid="true"]').waitFor(WAIT);
    expect((await card.locator('[data-testid="field-error"]').first().textContent())?.trim()).not.toBe('');
    await card.locator('[data-testid="order-cancel-reason"]').fill('Plans changed, no scripts');
    await card.locator('[data-testid="order-cancel-confirm"]').click();
    await page.locator(`[data-testid="order-card"][data-order-id="${orderId}"][data-status="canceled"]`).waitFor(WAIT);
    expect(await card.locator('[data-testid="order-cancel-form"]').count()).toBe(0);
    expect(await card.textContent()).toContain('Plans changed, no scripts');
  });

  it('edits a review from the order card: the form opens by its link and the saved words show on the card', async () => {
    const { page } = await suite.open('he', { javaScript: false, as: DEMO.customer });
    await page.goto(`${suite.market.url}/user/dashboard/orders`);
    await noScriptRan(page);
    const card = page.locator('[data-testid="order-card"]:has([data-testid="order-review-edit"])').first();
    const orderId = await card.getAttribute('data-order-id', WAIT);
    await card.locator('[data-testid="order-review-edit"]').click();
    await page.waitForURL((url) => url.searchParams.get('review') === orderId, WAIT);
    const form = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"] [data-testid="order-review-form"]`);
    await form.locator('label:has([data-testid="order-review-rating-4"])').click();
    await form.locator('[data-testid="order-review-text-input"]').fill('ערב נפלא, גם בלי סקריפטים');
    await form.locator('[data-testid="order-review-submit"]').click();
    const saved = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"] [data-testid="order-review-text"]`);
    await saved.waitFor(WAIT);
    expect((await saved.textContent())?.trim()).toBe('ערב נפלא, גם בלי סקריפטים');
    expect(await page.locator(`[data-testid="order-card"][data-order-id="${orderId}"] [data-testid="order-review-form"]`).count()).toBe(0);
  });

  it('sends a message in a conversation: the composer posts and the message is in the thread', async () => {
    const { token } = await signIn(suite.market.url, DEMO.customer);
    const opened = await apiCall<{ id: string }>(suite.market.url, 'POST', 'conversations', token, { vendorId, text: 'Hello from the API' });
    expect(opened.status).toBe(201);
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.customer });
    await page.goto(`${suite.market.url}/en/user/dashboard/conversations/${opened.body.id}`);
    await noScriptRan(page);
    await page.fill('[data-testid="message-input"]', 'A message sent without scripts');
    await page.click('[data-testid="send-message"]');
    await page.locator('[data-testid="message"]:has-text("A message sent without scripts")').waitFor(WAIT);
    expect(await page.inputValue('[data-testid="message-input"]')).toBe('');
  });

  it('saves a new product: missing fields are refused under them with what was typed kept, a complete product is listed', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.vendor });
    await page.goto(`${suite.market.url}/en/user/dashboard/vendor/products/new`);
    await noScriptRan(page);
    await page.fill('[data-testid="name-en"]', 'Scriptless show');
    await page.fill('[data-testid="introText-en"]', 'A show for browsers without scripts');
    await page.click('[data-testid="product-save"]');
    await page.waitForSelector('[data-testid="product-form-errors"]', WAIT);
    expect(await page.getAttribute('[data-testid="product-price"]', 'aria-invalid')).toBe('true');
    expect(await page.inputValue('[data-testid="name-en"]')).toBe('Scriptless show');
    await page.fill('[data-testid="product-information-en"]', 'Everything included');
    await page.fill('[data-testid="product-price"]', '850');
    await page.click('[data-testid="product-save"]');
    await page.waitForURL((url) => url.pathname === '/en/user/dashboard/vendor/products' && url.searchParams.has('saved'), WAIT);
    expect(await textOf(page, '[data-testid="products-notice"]')).toContain('Scriptless show');
    await page.waitForSelector('[data-testid="vendor-product"]:has-text("Scriptless show")', WAIT);
  });

  it('removes a favorite artist and a saved service from My artists: each button posts the page\'s action and the page comes back without it', async () => {
    const { token } = await signIn(suite.market.url, DEMO.customer);
    await apiCall(suite.market.url, 'POST', `artists/vendor/${vendorId}/favored/by-user`, token);
    await apiCall(suite.market.url, 'POST', `store/product/${productId}/favored/by-user`, token);
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.customer });
    const favorite = page.locator(`[data-testid="favorite-vendor"][data-vendor-id="${vendorId}"]`);
    const saved = page.locator(`[data-testid="saved-product"][data-product-id="${productId}"]`);
    // The views take the writes a moment later: open the page until both are listed.
    await expect.poll(async () => {
      await page.goto(`${suite.market.url}/en/user/dashboard/my-vendors`);
      return (await favorite.count()) + (await saved.count());
    }, WAIT).toBe(2);
    await noScriptRan(page);

    // The post is a page load of its own: its answer is the page again.
    await Promise.all([page.waitForNavigation(WAIT), favorite.locator('[data-testid="remove-favorite-vendor"]').click()]);
    expect(await favorite.count()).toBe(0);
    expect(await saved.count()).toBe(1);
    await Promise.all([page.waitForNavigation(WAIT), saved.locator('[data-testid="remove-saved-product"]').click()]);
    expect(await saved.count()).toBe(0);
    await noScriptRan(page);
  });

  it('signs a contract the artist sent: empty fields are refused under them, the typed name signs it', async () => {
    // The demo artist drafts a contract for the demo customer (one of their customers) and sends it.
    const vendor = (await signIn(suite.market.url, DEMO.vendor)).token;
    const customer = (await signIn(suite.market.url, DEMO.customer)).token;
    const customerId = (await apiCall<{ uuid: string }>(suite.market.url, 'GET', 'user/current', customer)).body.uuid;
    const made = await apiCall<{ id: string }>(suite.market.url, 'POST', 'contracts', vendor, {
      customerId, title: 'Evening show without scripts', terms: 'Two sets of forty minutes.', price: { amountMinor: 250000, currency: 'ILS' },
    });
    expect(made.status).toBe(201);
    const contractId = made.body.id;
    expect((await apiCall(suite.market.url, 'POST', `contracts/${contractId}/send`, vendor)).status).toBe(200);
    await expect.poll(async () => (await apiCall<{ status: string }>(suite.market.url, 'GET', `contracts/${contractId}`, customer)).body.status, WAIT).toBe('sent');

    const { page } = await suite.open('en', { javaScript: false, as: DEMO.customer });
    await page.goto(`${suite.market.url}/en/user/dashboard/contracts/${contractId}`);
    await noScriptRan(page);
    expect(await page.getAttribute('[data-testid="signature-customer"]', 'data-signed')).toBe('false');
    await page.click('[data-testid="sign-contract"]');
    await page.waitForSelector('[data-testid="sign-form"] [data-testid="field-error"]', WAIT);
    expect(await page.locator('[data-testid="sign-form"] [data-testid="field-error"]').allTextContents()).toEqual([
      'Type your full name to sign.', 'Tick “I agree” to sign.',
    ]);
    await page.fill('[data-testid="signature-name"]', 'Dana Customer');
    await page.check('[data-testid="signature-agree"]');
    await page.click('[data-testid="sign-contract"]');
    await page.waitForSelector('[data-testid="signature-customer"][data-signed="true"]', WAIT);
    expect(await textOf(page, '[data-testid="signature-customer"] dd')).toContain('Dana Customer');
    expect((await apiCall<{ signatures: { customer?: unknown } }>(suite.market.url, 'GET', `contracts/${contractId}`, customer)).body.signatures.customer).toBeTruthy();
    await noScriptRan(page);
  });

  it('signs out: the server clears the session cookies and the home page is read as a guest', async () => {
    const { page } = await suite.open('he', { javaScript: false, as: DEMO.customer });
    await page.goto(`${suite.market.url}/user/dashboard/profile`);
    await noScriptRan(page);
    await page.click('[data-testid="sign-out"]');
    await page.waitForURL((url) => url.pathname === '/', WAIT);
    await page.waitForSelector('[data-testid="login-link"]', WAIT);
    expect(await page.locator('[data-testid="user-menu"]').count()).toBe(0);
    expect((await page.context().cookies()).filter((cookie) => cookie.name === 'token' || cookie.name === 'refresh_token')).toEqual([]);
  });
});
