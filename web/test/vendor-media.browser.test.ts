import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, executablePath, startBrowserSuite, type BrowserSuite, type Locale, type Session } from './browser-kit.ts';

// The artist's own media (issue 22 item 5) in Chromium, in Hebrew on a phone and in English on a
// desktop: the demo artist uploads a camera photo (progress, then its thumbnail), moves it earlier
// with the keyboard (the focus stays on it, the new place is announced), sees it on its public page
// in that order, removes it after confirming, and is told in its language why a file that is not a
// photo was refused; YouTube and SoundCloud links are added, named as they are typed.
// With VENDOR_MEDIA_SCREENSHOTS=<folder> the editor and the public page are saved as PNGs there.
const LIVE = { timeout: 30_000 };
let suite: BrowserSuite;

const words: Record<Locale, { notPhoto: string; moved: string; notLink: string }> = {
  he: { notPhoto: 'אינו תמונה', moved: 'עכשיו במקום', notLink: 'זה לא קישור לסרטון ביוטיוב' },
  en: { notPhoto: 'is not a photo', moved: 'is now number', notLink: 'This is not a YouTube video' },
};

async function cameraPhoto(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 40 + seed * 30, g: 90, b: 160 } } })
    .withMetadata({ orientation: 6 }).withExifMerge({ IFD0: { Make: 'BrowserCam' } }).jpeg({ quality: 70 }).toBuffer();
}

async function screenshot(session: Session, name: string) {
  const folder = process.env.VENDOR_MEDIA_SCREENSHOTS;
  if (folder) await session.page.screenshot({ path: join(folder || tmpdir(), `${name}.png`), fullPage: false });
}

describe.skipIf(!executablePath)('the artist\'s photos, video and audio (issue 22 item 5)', () => {
  beforeAll(async () => { suite = await startBrowserSuite(); }, 180_000);
  afterAll(async () => { await suite?.close(); });

  for (const [locale, width] of [['he', 390], ['en', 1280]] as const) {
    it(`uploads a photo, sees its thumbnail, moves it, sees it on the public page and removes it (${locale}, ${width} px)`, async () => {
      const session = await suite.open(locale, { as: DEMO.vendor, width });
      const { page } = session;
      await suite.goto(session, '/user/dashboard/vendor/profile');
      const media = page.locator('[data-testid="vendor-media"]');
      const photos = media.locator('[data-testid="media-photo"]');
      const before = await photos.count();
      expect(before).toBeGreaterThan(0); // the demo artist's generated photos

      // Upload: a progress row, then the thumbnail at the end of the list.
      await media.locator('[data-testid="media-file-photo"]').setInputFiles({ name: `stage-${locale}.jpg`, mimeType: 'image/jpeg', buffer: await cameraPhoto(before) });
      await photos.nth(before).waitFor(LIVE);
      const added = photos.nth(before);
      const url = await added.getAttribute('data-url');
      expect(url).toMatch(new RegExp(`^/media/[^/]+/stage-${locale}\\.webp$`));
      const thumbnail = await added.locator('img').getAttribute('src');
      expect(thumbnail).toMatch(/-thumb\.webp$/);
      await added.scrollIntoViewIfNeeded();
      await expect.poll(() => added.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), LIVE).toBe(400);
      expect(await media.locator('[data-testid="media-upload"]').count()).toBe(0);
      await screenshot(session, `vendor-media-editor-${locale}-${width}`);

      // Move it earlier with the keyboard: the focus stays on the moved photo, its new place is announced.
      await added.locator('[data-testid="media-move-earlier"]').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => photos.nth(before - 1).getAttribute('data-url'), LIVE).toBe(url);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-focus-key') ?? ''), LIVE).toContain(url!);
      await expect.poll(() => media.locator('[data-testid="media-announcement"]').textContent(), LIVE).toContain(words[locale].moved);

      // The public page shows it, in that place, as a thumbnail that opens the photo.
      await page.locator('[data-testid="view-my-page"]').click();
      await page.locator('[data-testid="vendor-photos"]').waitFor(LIVE);
      const links = page.locator('[data-testid="vendor-photo"]');
      await expect.poll(() => links.nth(before - 1).getAttribute('href'), LIVE).toBe(url);
      expect(await links.nth(before - 1).locator('img').getAttribute('src')).toBe(thumbnail);
      await page.locator('[data-testid="vendor-photos"]').scrollIntoViewIfNeeded();
      await screenshot(session, `vendor-media-public-${locale}-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Remove it, after confirming in place; its file stops answering.
      await suite.goto(session, '/user/dashboard/vendor/profile');
      const again = media.locator(`[data-testid="media-photo"][data-url="${url}"]`);
      await again.locator('[data-testid="media-remove"]').click();
      await again.locator('[data-testid="media-remove-confirm"]').click();
      await again.waitFor({ state: 'detached', ...LIVE });
      expect(await photos.count()).toBe(before);
      expect((await page.request.get(`${suite.market.url}${url}`)).status()).toBe(404);
      await page.locator('[data-testid="view-my-page"]').click();
      await page.locator('[data-testid="vendor-photos"]').waitFor(LIVE);
      expect(await page.locator(`[data-testid="vendor-photo"][href="${url}"]`).count()).toBe(0);
      expect(session.problems).toEqual([]);
    }, 120_000);

    it(`says in words why a file was refused, and adds YouTube and SoundCloud links (${locale})`, async () => {
      const session = await suite.open(locale, { as: DEMO.vendor, width });
      const { page } = session;
      await suite.goto(session, '/user/dashboard/vendor/profile');
      const media = page.locator('[data-testid="vendor-media"]');

      // Named .jpg and sent as image/jpeg, but its bytes are text: the API refuses it by its bytes.
      await media.locator('[data-testid="media-file-photo"]').setInputFiles({ name: 'not-a-photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html>not a photo</html>'.repeat(20)) });
      await media.locator('[data-testid="media-upload-error"]').waitFor(LIVE);
      expect(await media.locator('[data-testid="media-upload-error"]').textContent()).toContain(words[locale].notPhoto);

      const linkInput = media.locator('[data-testid="media-link"]');
      await linkInput.fill('https://vimeo.com/12345');
      expect(await media.locator('#media-link-hint').textContent()).toContain(words[locale].notLink);
      await linkInput.fill(`https://www.youtube.com/watch?v=${locale === 'he' ? 'aBcDeFgHiJ1' : 'aBcDeFgHiJ2'}&t=30`);
      await linkInput.press('Enter');
      await media.locator('[data-testid="media-list-youtube"] [data-testid="media-av-item"]').first().waitFor(LIVE);
      await linkInput.fill(`soundcloud.com/demo-artist/first-dance-${locale}?si=x`);
      await media.locator('[data-testid="media-link-add"]').click();
      await media.locator('[data-testid="media-list-audio"]').getByText(`soundcloud.com/demo-artist/first-dance-${locale}`).waitFor(LIVE);
      await screenshot(session, `vendor-media-links-${locale}-${width}`);

      // The public page: the YouTube video and the SoundCloud player, loaded only when asked.
      await page.locator('[data-testid="view-my-page"]').click();
      await page.locator('[data-testid="soundcloud-play"]').first().waitFor(LIVE);
      expect(await page.locator('iframe[src*="soundcloud"]').count()).toBe(0);
      expect(await page.locator('.video-placeholder').count()).toBeGreaterThan(0);
      expect(session.problems.filter((problem) => !/status of 415/.test(problem))).toEqual([]);
    }, 90_000);
  }
});
