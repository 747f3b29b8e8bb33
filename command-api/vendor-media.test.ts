import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileMediaStorage } from '../infra/media-storage/file-media-storage.ts';
import { DISPLAY_SIZE, THUMBNAIL_SIZE } from '../infra/media-processing/photo-variants.ts';
import { vendorDecider } from '../domain/vendor/decider.ts';
import type { VendorEvent, VendorProfile } from '../domain/vendor/events.ts';
import { toDomainEvent } from './command-handler.ts';
import { useTestMarketplace } from './testing/marketplace.ts';

// The artist's own media over real HTTP (issue 22 item 5): a real JPEG with EXIF (camera, GPS, a
// sideways orientation) is kept upright, resized, with a thumbnail and without EXIF; a file that is
// not what its name and type claim is refused by its bytes; YouTube and SoundCloud links; removing
// (the files go too) and ordering (a permutation); only the artist itself.
const root = mkdtempSync(join(tmpdir(), 'vendor-media-'));
afterAll(async () => { await rm(root, { recursive: true, force: true }); });
const { app, m } = useTestMarketplace({ mediaStorage: createFileMediaStorage(root) });

/** A 3000×2000 camera JPEG whose EXIF says "rotate 90° to show" (so it shows 2000×3000), with a camera make and GPS. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'TestCam', Model: 'Stage 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 4/1 0/1' } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Sends only the headers of an upload declaring `length` bytes, and the status of the answer. */
async function declaredUpload(length: number): Promise<{ status: number; body: string }> {
  const { request } = await import('node:http');
  const url = new URL('/api/vendor/media/upload?kind=photo&name=big.jpg', app.api.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${m.vendor.token}`, 'content-type': 'image/jpeg', 'content-length': String(length) } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
  });
}

function upload(body: Uint8Array, options: { kind?: string; name?: string; type?: string; token?: string; vendorId?: string } = {}) {
  const url = new URL('/api/vendor/media/upload', app.api.baseUrl);
  url.searchParams.set('kind', options.kind ?? 'photo');
  url.searchParams.set('name', options.name ?? 'On stage.jpg');
  if (options.vendorId) url.searchParams.set('vendorId', options.vendorId);
  return fetch(url, { method: 'POST', headers: { authorization: `Bearer ${options.token ?? m.vendor.token}`, 'content-type': options.type ?? 'image/jpeg' }, body: body as unknown as BodyInit });
}

/** The artist's profile as its stream folds. */
async function profileOf(vendorId: string): Promise<VendorProfile> {
  const events = await app.eventStore.readStream(`vendor-${vendorId}`);
  const state = events.map((event) => toDomainEvent<VendorEvent>(event)).reduce(vendorDecider.evolve, vendorDecider.initialState);
  if (state.status === 'absent') throw new Error('no such vendor');
  return state.profile;
}
const photosOf = async (vendorId: string) => (await profileOf(vendorId)).images;

describe('vendor media API (issue 22 item 5)', () => {
  it('keeps an uploaded camera JPEG upright, resized, with a thumbnail and without EXIF; serves both for a year', async () => {
    const answer = await upload(await cameraJpeg());
    const body = await answer.json();
    expect(answer.status, JSON.stringify(body)).toBe(201);
    expect(body.media).toMatchObject({ kind: 'photo', url: expect.stringMatching(/^\/media\/[^/]+\/on-stage\.webp$/), thumbnailUrl: expect.stringMatching(/^\/media\/[^/]+\/on-stage-thumb\.webp$/) });

    const display = await fetch(new URL(body.media.url, app.api.baseUrl));
    expect(display.headers.get('content-type')).toBe('image/webp');
    expect(display.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await display.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: Math.round(DISPLAY_SIZE * 2000 / 3000), height: DISPLAY_SIZE });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const thumbnail = await sharp(Buffer.from(await (await fetch(new URL(body.media.thumbnailUrl, app.api.baseUrl))).arrayBuffer())).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE });
    expect(thumbnail.exif).toBeUndefined();

    expect((await photosOf(m.vendor.vendorId)).map((photo) => photo.url)).toContain(body.media.url);
    // The original (with its EXIF) is nowhere on disk: the two variants only.
    const files = (await readdir(root, { recursive: true })).filter((entry) => /\.(jpg|webp)$/.test(entry));
    expect(files.filter((file) => file.endsWith('.jpg'))).toEqual([]);
  });

  it('tells a file by its bytes: a text file named .jpg, and a PNG sent as video, are refused 415 and leave nothing', async () => {
    const camera = await sharp(await cameraJpeg()).metadata();
    expect(camera).toMatchObject({ orientation: 6, width: 3000, height: 2000 });
    expect(camera.exif?.toString('latin1')).toContain('TestCam');
    const before = await readdir(root, { recursive: true });
    const text = await upload(new TextEncoder().encode('<html><script>alert(1)</script></html>'.repeat(4)), { name: 'photo.jpg' });
    expect(text.status).toBe(415);
    expect(text.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await text.json()).toMatchObject({ code: 'media.unsupported-type', kind: 'photo' });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'white' } }).png().toBuffer();
    expect((await upload(png, { kind: 'video', name: 'clip.mp4', type: 'video/mp4' })).status).toBe(415);
    expect(await readdir(root, { recursive: true })).toEqual(before);
  });

  it('refuses a photo that cannot be decoded (422) and an upload over the limit before reading it (413)', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const answer = await upload(broken);
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ code: 'media.unreadable' });
    const large = await declaredUpload(21 * 1024 * 1024);
    expect(large.status).toBe(413);
    expect(JSON.parse(large.body)).toMatchObject({ code: 'media.too-large', maxBytes: 20 * 1024 * 1024 });
  });

  it('stores audio and video as sent and serves ranges, so a player can seek', async () => {
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0]), Buffer.alloc(4000, 1)]);
    const audio = await upload(mp3, { kind: 'audio', name: 'First dance.mp3', type: 'audio/mpeg' });
    const audioBody = await audio.json();
    expect(audio.status, JSON.stringify(audioBody)).toBe(201);
    expect(audioBody.media).toMatchObject({ kind: 'audio', url: expect.stringMatching(/first-dance\.mp3$/) });
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(5000, 2)]);
    const video = await upload(mp4, { kind: 'video', name: 'Show.mp4', type: 'video/mp4' });
    const videoBody = await video.json();
    expect(video.status).toBe(201);
    const ranged = await fetch(new URL(videoBody.media.url, app.api.baseUrl), { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    const profile = await profileOf(m.vendor.vendorId);
    expect(profile.videoFiles?.map((file) => file.url)).toEqual([videoBody.media.url]);
  });

  it('adds YouTube and SoundCloud links; anything else is 422 on link', async () => {
    const youtube = await app.api.post('/api/vendor/media/links', { link: 'https://youtu.be/dQw4w9WgXcQ?t=3', description: 'Live' }, m.vendor.token);
    expect(youtube.status).toBe(201);
    // A plain string (an older client) is the caption in the language of its script.
    expect(youtube.body.media).toEqual({ kind: 'youtube', youtubeId: 'dQw4w9WgXcQ', description: { en: 'Live' } });
    const soundCloud = await app.api.post('/api/vendor/media/links', { link: 'soundcloud.com/dana/first-dance?si=1' }, m.vendor.token);
    expect(soundCloud.body.media).toEqual({ kind: 'audio', url: 'https://soundcloud.com/dana/first-dance', description: {} });
    const bad = await app.api.post('/api/vendor/media/links', { link: 'https://vimeo.com/1234' }, m.vendor.token);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ field: 'link', message: expect.any(String) }]);
    expect((await app.api.post('/api/vendor/media/links', { link: 'https://youtu.be/dQw4w9WgXcQ' }, m.vendor.token)).body.code).toBe('vendor.media-exists');
  });

  it('writes a caption in Hebrew and English; a link is added with both; a plain string is its script\'s language; 404, 403 and 422 as for the other media routes', async () => {
    const [photo] = await photosOf(m.vendor.vendorId);
    const caption = { he: 'הלהקה על הבמה בחתונה בחיפה', en: 'The band on stage at a wedding in Haifa' };
    const written = await app.api.put('/api/vendor/media/description', { kind: 'photo', key: photo!.url, description: caption }, m.vendor.token);
    expect(written.status).toBe(200);
    expect((await photosOf(m.vendor.vendorId))[0]).toEqual({ url: photo!.url, thumbnailUrl: photo!.thumbnailUrl, description: caption });
    expect((await app.api.put('/api/vendor/media/description', { kind: 'photo', key: photo!.url, description: { he: '', en: 'Only English now' } }, m.vendor.token)).status).toBe(200);
    expect((await photosOf(m.vendor.vendorId))[0]!.description).toEqual({ en: 'Only English now' });
    expect((await app.api.put('/api/vendor/media/description', { kind: 'photo', key: photo!.url, description: 'שמחה על הרחבה' }, m.vendor.token)).status).toBe(200);
    expect((await photosOf(m.vendor.vendorId))[0]!.description).toEqual({ he: 'שמחה על הרחבה' });

    const linked = await app.api.post('/api/vendor/media/links', { link: 'https://soundcloud.com/dana/sets/weddings', description: { he: 'שירי חופה', en: 'Chuppah songs' } }, m.vendor.token);
    expect(linked.body.media).toEqual({ kind: 'audio', url: 'https://soundcloud.com/dana/sets/weddings', description: { he: 'שירי חופה', en: 'Chuppah songs' } });

    const missing = await app.api.put('/api/vendor/media/description', { kind: 'photo', key: '/media/nope/nope.webp', description: caption }, m.vendor.token);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('vendor.media-not-found');
    const tooLong = await app.api.put('/api/vendor/media/description', { kind: 'photo', key: photo!.url, description: { he: 'א'.repeat(501) } }, m.vendor.token);
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors).toEqual([{ field: 'description.he', message: expect.any(String) }]);
    expect((await app.api.put('/api/vendor/media/description', { kind: 'photo', key: photo!.url, description: caption, vendorId: m.vendor.vendorId }, m.otherVendor.token)).status).toBe(403);
    expect((await app.api.put('/api/vendor/media/description', { kind: 'photo', key: photo!.url, description: caption }, m.customer.token)).status).toBe(403);
    expect((await app.api.put('/api/vendor/media/description', { kind: 'photo', key: photo!.url, description: caption, vendorId: m.vendor.vendorId }, m.admin.token)).status).toBe(200);
    expect((await photosOf(m.vendor.vendorId))[0]!.description).toEqual(caption);
  });

  it('orders photos by a permutation and removes one with its files', async () => {
    const second = (await (await upload(await sharp({ create: { width: 800, height: 600, channels: 3, background: 'navy' } }).png().toBuffer(), { name: 'Second.png', type: 'image/png' })).json()).media;
    const urls = (await photosOf(m.vendor.vendorId)).map((photo) => photo.url);
    expect(urls).toHaveLength(2);
    const reversed = [...urls].reverse();
    expect((await app.api.put('/api/vendor/media/order', { kind: 'photo', keys: reversed }, m.vendor.token)).status).toBe(200);
    expect((await photosOf(m.vendor.vendorId)).map((photo) => photo.url)).toEqual(reversed);
    const notPermutation = await app.api.put('/api/vendor/media/order', { kind: 'photo', keys: [urls[0]] }, m.vendor.token);
    expect(notPermutation.status).toBe(409);
    expect(notPermutation.body.code).toBe('vendor.media-not-a-permutation');

    // Another artist may not touch them, nor upload to this artist's page.
    expect((await app.api.post('/api/vendor/media/remove', { kind: 'photo', key: second.url, vendorId: m.vendor.vendorId }, m.otherVendor.token)).status).toBe(403);
    expect((await upload(await cameraJpeg(), { token: m.otherVendor.token, vendorId: m.vendor.vendorId })).status).toBe(403);
    expect((await upload(await cameraJpeg(), { token: m.customer.token })).status).toBe(403);

    expect((await app.api.post('/api/vendor/media/remove', { kind: 'photo', key: second.url }, m.vendor.token)).status).toBe(200);
    expect((await photosOf(m.vendor.vendorId)).map((photo) => photo.url)).toEqual([urls[0]]);
    expect((await fetch(new URL(second.url, app.api.baseUrl))).status).toBe(404);
    expect((await fetch(new URL(second.thumbnailUrl, app.api.baseUrl))).status).toBe(404);
    expect((await app.api.post('/api/vendor/media/remove', { kind: 'photo', key: second.url }, m.vendor.token)).status).toBe(404);
  });
});
