import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_NOT_FOUND, executablePath, startBrowserSuite, type BrowserSuite } from './browser-kit.ts';

// Issue 10 media library in Chromium: an admin uploads files with a progress bar; one under 100 MB is
// kept and served back at its address, one over it is refused in the browser with a readable message
// (and never sent); the address is copied; a file is deleted after asking and stops being served.
// An operator, whose access rules give orders and conversations only, sees neither the Media item nor
// the page. The 100 MB limit of the API itself is tested in command-api/media.test.ts.
const LIVE = { timeout: 20_000 };
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

let suite: BrowserSuite;
let files: string;

describe.skipIf(!executablePath)(`admin media library in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
    files = await mkdtemp(join(tmpdir(), 'media-browser-'));
    // 101 MB that take no disk: a sparse file, made for this run and never committed.
    await writeFile(join(files, 'concert-recording.mp4'), '');
    await truncate(join(files, 'concert-recording.mp4'), 101 * 1024 * 1024);
  }, 180_000);
  afterAll(async () => {
    await suite?.close();
    if (files) await rm(files, { recursive: true, force: true });
  });

  for (const locale of ['he', 'en'] as const) {
    it(`an admin uploads, copies, opens and deletes; a file over 100 MB is refused with a readable message (${locale})`, async () => {
      const session = await suite.open(locale, { as: 'admin@demo.local' });
      await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.market.url });
      const { page } = session;
      await suite.goto(session, '/admin/media');
      expect(await page.getAttribute('html', 'dir')).toBe(locale === 'he' ? 'rtl' : 'ltr');
      expect(await page.locator('[data-testid="admin-nav-media"]').getAttribute('aria-current')).toBe('page');

      const photo = join(files, `stage-${locale}.png`);
      await writeFile(photo, PNG);
      await page.setInputFiles('[data-testid="media-file"]', [join(files, 'concert-recording.mp4'), photo]);
      await page.waitForSelector('[data-testid="media-uploaded"]', LIVE);

      // The big one never left the browser: a message naming it, its size and the limit.
      const refused = page.locator('[data-testid="media-upload"][data-status="failed"]');
      await expect.poll(() => refused.count()).toBe(1);
      const message = await refused.locator('[data-testid="media-upload-error"]').textContent();
      expect(message).toContain('concert-recording.mp4');
      expect(message).toContain(locale === 'he' ? '101 מגה\u2011בייט' : '101 MB');
      expect(message).toContain(locale === 'he' ? '100 מגה\u2011בייט' : '100 MB');
      expect(await page.locator('[data-testid="media-upload"][data-status="done"]').textContent()).toContain(`stage-${locale}.png`);

      // The uploaded file is in the library and served back with its bytes and type.
      const card = page.locator(`[data-testid="media-item"]:has-text("stage-${locale}.png")`);
      await card.waitFor(LIVE);
      const path = await card.getAttribute('data-url');
      expect(path).toMatch(new RegExp(`^/media/[0-9a-f-]{36}/stage-${locale}\\.png$`));
      const served = await fetch(`${suite.market.url}${path}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
      expect(await card.locator('img').getAttribute('src')).toBe(path);
      // The preview shows the picture (lazy: once the card is in view).
      await card.scrollIntoViewIfNeeded();
      await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), LIVE).toBe(1);

      // Copy address: the absolute address lands on the clipboard.
      await card.locator('[data-testid="media-copy"]').click();
      await expect.poll(() => card.locator('[data-testid="media-copied"]').textContent()).toBe(locale === 'he' ? 'הכתובת הועתקה.' : 'Address copied.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.market.url}${path}`);

      // Delete asks first, then the file leaves the library and its address stops answering.
      await card.locator('[data-testid="media-delete"]').click();
      await card.locator('[data-testid="media-delete-confirm"]').click();
      await page.waitForSelector('[data-testid="media-notice"]', LIVE);
      await expect.poll(() => card.count(), LIVE).toBe(0);
      expect((await fetch(`${suite.market.url}${path}`)).status).toBe(404);
      expect(session.problems).toEqual([]);
    }, 90_000);
  }

  it('an operator sees only what the rules give: no Media item, and the page is unauthorized', async () => {
    const session = await suite.open('en', { as: 'operator@demo.local' });
    await suite.goto(session, '/admin');
    const items = await session.page.locator('[data-testid="admin-nav"] a').evaluateAll((links) => links.map((link) => link.getAttribute('data-testid')));
    expect(items).toEqual(['admin-nav-home', 'admin-nav-operator', 'admin-nav-analytics', 'admin-nav-order', 'admin-nav-conversations', 'admin-nav-myConversations']);
    await suite.goto(session, '/admin/media');
    expect(new URL(session.page.url()).pathname).toBe('/en/error/unauthorized');
  });
});
