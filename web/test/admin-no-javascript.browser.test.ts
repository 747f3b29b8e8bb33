import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM_NOT_FOUND, apiCall, DEMO, executablePath, firstTextOf, noScriptRan, startBrowserSuite, type BrowserSuite } from './browser-kit.ts';

// The admin screens' forms without JavaScript: each write is its route's action, so
// a browser that runs no script posts the form, the server pass runs the action, and the page comes
// back with the refusal under its fields or redirects to the page that shows the write with its notice.
// The same screens with JavaScript: admin-catalog and admin-content browser tests.
let suite: BrowserSuite;
let vendorId: string;

const WAIT = { timeout: 30_000 };
const textOf = (page: Page, selector: string) => firstTextOf(page, selector, WAIT.timeout);

beforeAll(async () => {
  suite = await startBrowserSuite();
  const vendors = await apiCall<{ items: { vendorId: string }[] }>(suite.market.url, 'GET', 'ecommerce/vendor?text=Noa&limit=1', null);
  vendorId = vendors.body.items[0]!.vendorId;
}, 180_000);

afterAll(async () => {
  await suite?.close();
});

describe.skipIf(!executablePath)(`admin forms without JavaScript in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  it('edits an artist: an empty name is refused on the page with the typed intro kept, then the profile is saved', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.admin });
    await page.goto(`${suite.market.url}/en/admin/vendor/${vendorId}`);
    await noScriptRan(page);
    await page.fill('[data-testid="name-he"]', '');
    await page.fill('[data-testid="name-en"]', '');
    await page.fill('[data-testid="intro-en"]', 'Sings without scripts');
    await page.click('[data-testid="save-profile"]');
    expect(await textOf(page, '[data-testid="profile-errors"]')).not.toBe('');
    expect(await page.getAttribute('[data-testid="name-en"]', 'aria-invalid')).toBe('true');
    expect(await page.inputValue('[data-testid="intro-en"]')).toBe('Sings without scripts');

    await page.fill('[data-testid="name-he"]', 'נועה בלי סקריפטים');
    await page.fill('[data-testid="name-en"]', 'Noa Scriptless');
    await page.click('[data-testid="save-profile"]');
    await page.waitForURL((url) => url.pathname === `/en/admin/vendor/${vendorId}` && url.searchParams.has('rev'), WAIT);
    expect(await textOf(page, '[data-testid="vendor-notice"]')).toBe('The artist\'s profile was saved.');
    expect(await page.inputValue('[data-testid="name-en"]')).toBe('Noa Scriptless');
    expect(await page.inputValue('[data-testid="intro-en"]')).toBe('Sings without scripts');
  });

  it('edits a config entry: a value of the wrong type is refused under its field, a good one is saved and listed', async () => {
    const { page } = await suite.open('he', { javaScript: false, as: DEMO.admin });
    await page.goto(`${suite.market.url}/admin/config/new`);
    await noScriptRan(page);
    await page.fill('[data-testid="config-key"]', 'scriptless.limit');
    await page.selectOption('[data-testid="config-type"]', 'number');
    await page.fill('[data-testid="config-value"]', 'many');
    await page.click('[data-testid="config-save"]');
    expect(await page.getAttribute('[data-testid="config-value"]', 'aria-invalid')).toBe('true');
    expect(await textOf(page, '[data-testid="field-error"]')).not.toBe('');
    expect(await page.inputValue('[data-testid="config-key"]')).toBe('scriptless.limit');

    await page.fill('[data-testid="config-value"]', '42');
    await page.click('[data-testid="config-save"]');
    await page.waitForURL((url) => url.pathname === '/admin/config', WAIT);
    expect(await textOf(page, '[data-testid="config-notice"]')).toContain('scriptless.limit');
    expect(await textOf(page, '[data-testid="config-row"][data-key="scriptless.limit"]')).toContain('42');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
  });

  it('creates a brand: a bad alias is refused under its field, a good one lands in the list', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.admin });
    await page.goto(`${suite.market.url}/en/admin/entity/brand/new`);
    await noScriptRan(page);
    await page.fill('[data-testid="name-en"]', 'Scriptless Sound');
    await page.fill('[data-testid="entity-alias"]', 'Not An Alias');
    await page.click('[data-testid="entity-save"]');
    expect(await page.getAttribute('[data-testid="entity-alias"]', 'aria-invalid')).toBe('true');
    expect(await page.inputValue('[data-testid="name-en"]')).toBe('Scriptless Sound');

    await page.fill('[data-testid="entity-alias"]', 'scriptless-sound');
    await page.click('[data-testid="entity-save"]');
    await page.waitForURL((url) => url.pathname === '/en/admin/entity/brand', WAIT);
    expect(await textOf(page, '[data-testid="entity-notice"]')).toContain('Scriptless Sound');
    expect(await textOf(page, '[data-testid="entity-list"]')).toContain('scriptless-sound');
  });

  it('changes an access rule: a group rule without its group is refused, then created, then made public', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.admin });
    await page.goto(`${suite.market.url}/en/admin/acl/new`);
    await noScriptRan(page);
    await page.fill('[data-testid="acl-asset"]', 'scriptlessReports');
    await page.selectOption('[data-testid="acl-action"]', 'list');
    await page.check('[data-testid="acl-grantee-group"]');
    await page.click('[data-testid="acl-save"]');
    expect(await page.getAttribute('[data-testid="acl-group"]', 'aria-invalid')).toBe('true');
    expect(await page.inputValue('[data-testid="acl-asset"]')).toBe('scriptlessReports');

    await page.fill('[data-testid="acl-group"]', 'analysts');
    await page.click('[data-testid="acl-save"]');
    await page.waitForURL((url) => url.pathname === '/en/admin/acl', WAIT);
    await page.waitForSelector('[data-testid="acl-notice"]', WAIT);
    const row = page.locator('[data-testid="acl-row"]', { hasText: 'scriptlessReports' });
    expect(await row.textContent()).toContain('analysts');

    await row.locator('[data-testid="acl-edit"]').click();
    await page.waitForSelector('[data-testid="acl-form"]', WAIT);
    await page.check('[data-testid="acl-public"]');
    await page.click('[data-testid="acl-save"]');
    await page.waitForURL((url) => url.pathname === '/en/admin/acl', WAIT);
    const saved = page.locator('[data-testid="acl-row"]', { hasText: 'scriptlessReports' });
    expect(await saved.textContent()).toContain('Public');
  });
  it('edits a product: an empty name is refused under its field with the rest kept, then the product is saved', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.admin });
    await page.goto(`${suite.market.url}/en/admin/product`);
    await noScriptRan(page);
    await page.locator('[data-testid="product-edit"]').first().click();
    await page.waitForSelector('[data-testid="product-form"]', WAIT);
    const productPath = new URL(page.url()).pathname;
    await page.fill('[data-testid="name-he"]', '');
    await page.fill('[data-testid="name-en"]', '');
    await page.fill('[data-testid="introText-en"]', 'Plays without scripts');
    await page.click('[data-testid="product-save"]');
    await page.waitForSelector('[data-testid="product-form-errors"]', WAIT);
    expect(await page.getAttribute('[data-testid="name-en"]', 'aria-invalid')).toBe('true');
    expect(await page.inputValue('[data-testid="introText-en"]')).toBe('Plays without scripts');

    await page.fill('[data-testid="name-he"]', 'הופעה בלי סקריפטים');
    await page.fill('[data-testid="name-en"]', 'Scriptless Show');
    await page.click('[data-testid="product-save"]');
    await page.waitForURL((url) => url.pathname === productPath && url.searchParams.has('rev'), WAIT);
    expect(await textOf(page, '[data-testid="product-notice"]')).toContain('Scriptless Show');
    expect(await page.inputValue('[data-testid="name-en"]')).toBe('Scriptless Show');
    expect(await page.inputValue('[data-testid="introText-en"]')).toBe('Plays without scripts');
  });

  it('changes a user\'s roles: the operator role is saved and shown checked', async () => {
    const { page } = await suite.open('he', { javaScript: false, as: DEMO.admin });
    await page.goto(`${suite.market.url}/admin/user?q=${encodeURIComponent(DEMO.customer)}`);
    await noScriptRan(page);
    await page.locator('[data-testid="user-open"]').first().click();
    await page.waitForSelector('[data-testid="user-roles"]', WAIT);
    expect(await page.isChecked('[data-testid="role-operator"]')).toBe(false);
    await page.check('[data-testid="role-operator"]');
    await page.click('[data-testid="roles-save"]');
    await page.waitForURL((url) => url.searchParams.has('rev'), WAIT);
    expect(await textOf(page, '[data-testid="roles-notice"]')).not.toBe('');
    expect(await page.isChecked('[data-testid="role-operator"]')).toBe(true);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
  });

  it('archives an artist after asking, and brings them back', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.admin });
    await page.goto(`${suite.market.url}/en/admin/vendor/${vendorId}`);
    await noScriptRan(page);
    await page.click('[data-testid="vendor-archive"]');
    await page.waitForURL((url) => url.searchParams.get('confirm') === 'archive', WAIT);
    // The optional reason is asked with the question and posted with it.
    await page.fill('[data-testid="vendor-archive-reason"]', 'On tour until spring');
    await page.click('[data-testid="vendor-archive-confirm"]');
    await page.waitForURL((url) => url.searchParams.has('rev'), WAIT);
    expect(await textOf(page, '[data-testid="vendor-notice"]')).toBe('The artist was archived.');
    expect(await textOf(page, '[data-testid="vendor-status-badge"]')).toBe('Archived');
    expect(await textOf(page, '[data-testid="vendor-status"]')).toContain('Reason: On tour until spring');

    await page.click('[data-testid="vendor-unarchive"]');
    await page.waitForSelector('[data-testid="vendor-archive"]', WAIT);
    expect(await textOf(page, '[data-testid="vendor-notice"]')).toBe('The artist is live again.');
  });

  it('edits a language: an empty name is refused under its field, then the new name is saved', async () => {
    const { page } = await suite.open('en', { javaScript: false, as: DEMO.admin });
    await page.goto(`${suite.market.url}/en/admin/language`);
    await noScriptRan(page);
    const item = page.locator('[data-testid="language-item"]').first();
    const code = await item.getAttribute('data-code');
    const itemOf = () => page.locator(`[data-testid="language-item"][data-code="${code}"]`);
    await itemOf().locator(`[data-testid="language-${code}-he"]`).fill('');
    await itemOf().locator(`[data-testid="language-${code}-en"]`).fill('');
    await itemOf().locator('[data-testid="language-save"]').click();
    await page.waitForSelector(`[data-testid="language-item"][data-code="${code}"] [aria-invalid="true"]`, WAIT);

    await itemOf().locator(`[data-testid="language-${code}-he"]`).fill('שפה בלי סקריפטים');
    await itemOf().locator(`[data-testid="language-${code}-en"]`).fill('Scriptless tongue');
    await itemOf().locator('[data-testid="language-save"]').click();
    await page.waitForSelector('[data-testid="language-notice"]', WAIT);
    expect(await textOf(page, '[data-testid="language-notice"]')).toContain('Scriptless tongue');
    expect(await itemOf().locator(`[data-testid="language-${code}-en"]`).inputValue()).toBe('Scriptless tongue');
  });
});
