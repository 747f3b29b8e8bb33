import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES } from '../domain/media/media-file.ts';
import { createFileMediaStorage } from '../infra/media-storage/file-media-storage.ts';
import { registerAdmin, registerAndSignIn, type SignedInUser } from './client/accounts.ts';
import { startTestCommandApi, type TestCommandApi } from './testing/test-command-api.ts';

// The media library over real HTTP: the media-manager token, the streamed upload with its
// 100 MB limit (413, nothing left on disk), unknown types (415), serving with ranges, and deleting.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

let app: TestCommandApi;
let root: string;
let storage: ReturnType<typeof createFileMediaStorage>;
let admin: SignedInUser;
let otherAdmin: SignedInUser;
let customer: SignedInUser;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'media-api-'));
  storage = createFileMediaStorage(root);
  app = await startTestCommandApi({ mediaStorage: storage });
  admin = await registerAdmin(app.api, app.mailer, app.eventStore, 'media-admin@example.com');
  otherAdmin = await registerAdmin(app.api, app.mailer, app.eventStore, 'media-admin2@example.com');
  customer = await registerAndSignIn(app.api, app.mailer, { email: 'media-customer@example.com' });
});
afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

async function token(who: SignedInUser = admin): Promise<{ token: string; mediaId: string; uploadUrl: string }> {
  const answer = await app.api.post('/api/media-manager/token', {}, who.token);
  expect(answer.status).toBe(201);
  return answer.body;
}

function upload(grant: { token: string; uploadUrl: string }, body: BodyInit, options: { name?: string; type?: string; who?: SignedInUser; length?: number } = {}) {
  const url = new URL(grant.uploadUrl, app.api.baseUrl);
  url.searchParams.set('token', grant.token);
  url.searchParams.set('name', options.name ?? 'Stage Photo.png');
  const headers: Record<string, string> = { authorization: `Bearer ${(options.who ?? admin).token}`, 'content-type': options.type ?? 'image/png' };
  if (options.length !== undefined) headers['content-length'] = String(options.length);
  return fetch(url, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
}

/** A GET's status over node:http (fetch adds Cache-Control: no-cache to a conditional request). */
async function rawStatus(url: URL, headers: Record<string, string>): Promise<number> {
  const { get } = await import('node:http');
  return new Promise((resolve, reject) => get(url, { headers }, (res) => { res.resume(); resolve(res.statusCode!); }).on('error', reject));
}

/** Everything on disk under the media folder but the empty incoming folder. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true });
  return entries.filter((entry) => entry !== '.incoming');
}

describe('media library API', () => {
  it('gives a media-manager token to admins only', async () => {
    expect((await app.api.post('/api/media-manager/token', {})).status).toBe(401);
    expect((await app.api.post('/api/media-manager/token', {}, customer.token)).status).toBe(403);
    const grant = await token();
    expect(grant).toMatchObject({ uploadUrl: '/api/media/upload', maxBytes: MAX_MEDIA_BYTES });
    expect(grant.mediaId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('uploads a file, serves it back with its type, validators and ranges, and deletes it', async () => {
    const grant = await token();
    const answer = await upload(grant, PNG);
    expect(answer.status).toBe(201);
    const body = await answer.json();
    expect(body).toMatchObject({ id: grant.mediaId, streamId: `media-${grant.mediaId}`, url: `/media/${grant.mediaId}/stage-photo.png`, fileName: 'stage-photo.png', contentType: 'image/png', size: PNG.length });

    const served = await fetch(new URL(body.url, app.api.baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    const etag = served.headers.get('etag')!;
    expect(await rawStatus(new URL(body.url, app.api.baseUrl), { 'if-none-match': etag })).toBe(304);
    const range = await fetch(new URL(body.url, app.api.baseUrl), { headers: { range: 'bytes=0-7' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(PNG.subarray(0, 8));
    expect((await fetch(new URL(`/media/${grant.mediaId}/other-name.png`, app.api.baseUrl))).status).toBe(404);

    const [uploaded] = await app.eventStore.readStream(`media-${grant.mediaId}`);
    expect(uploaded).toMatchObject({ type: 'MediaUploaded', data: { originalName: 'Stage Photo.png', size: PNG.length } });
    expect(uploaded!.metadata.actor.userId).toBe(admin.userId);

    expect((await app.api.delete(`/api/admin/media/${grant.mediaId}`, customer.token)).status).toBe(403);
    expect((await app.api.delete(`/api/admin/media/${grant.mediaId}`, admin.token)).status).toBe(200);
    expect((await fetch(new URL(body.url, app.api.baseUrl))).status).toBe(404);
    expect(await storage.find(`${grant.mediaId}/stage-photo.png`)).toBeNull();
    expect((await app.api.delete(`/api/admin/media/${grant.mediaId}`, admin.token)).status).toBe(404);
  });

  it('a token is good for one upload, by the admin it was given to, while it lasts', async () => {
    const grant = await token();
    expect((await upload(grant, PNG, { who: otherAdmin })).status).toBe(403);
    expect((await upload(grant, PNG)).status).toBe(201);
    const again = await upload(grant, PNG);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('media.exists');
    expect((await upload({ ...grant, token: `${grant.token}x` }, PNG)).status).toBe(403);
    expect((await upload(grant, PNG, { who: customer })).status).toBe(403);
  });

  it('refuses a type it does not serve with 415, and an empty file with 422, keeping nothing', async () => {
    const before = await filesOnDisk();
    const grant = await token();
    const html = await upload(grant, '<script>alert(1)</script>', { type: 'text/html', name: 'page.html' });
    expect(html.status).toBe(415);
    expect(html.headers.get('content-type')).toContain('application/problem+json');
    expect((await html.json()).code).toBe('media.unsupported-type');
    expect((await upload(grant, '<svg/>', { type: 'image/svg+xml' })).status).toBe(415);
    expect((await upload(grant, new Uint8Array(0))).status).toBe(422);
    expect(await app.eventStore.readStream(`media-${grant.mediaId}`)).toEqual([]);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses a declared length over 100 MB before reading the body', async () => {
    const grant = await token();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(grant.uploadUrl, app.api.baseUrl);
      url.searchParams.set('token', grant.token);
      url.searchParams.set('name', 'huge.mp4');
      // Only the headers and a little of the body go out: the answer must come without the rest.
      import('node:http').then(({ request }) => {
        const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'video/mp4', 'content-length': String(MAX_MEDIA_BYTES + 1) } }, (res) => {
          let text = '';
          res.on('data', (chunk) => { text += chunk; });
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        });
        req.on('error', reject);
        req.write(Buffer.alloc(1024));
      }, reject);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'media.too-large', maxBytes: MAX_MEDIA_BYTES });
  });

  it('streams 101 MB without a declared length, stops past 100 MB with 413 and removes the partial file', async () => {
    const before = await filesOnDisk();
    const grant = await token();
    const chunk = new Uint8Array(1024 * 1024).fill(7);
    let sent = 0;
    const total = 101 * 1024 * 1024;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const answer = await upload(grant, body, { type: 'video/mp4', name: 'concert.mp4' });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ status: 413, code: 'media.too-large' });
    expect(answer.headers.get('connection')).toBe('close');
    expect(await readdir(storage.incomingDir)).toEqual([]);
    expect(await filesOnDisk()).toEqual(before);
    expect(await app.eventStore.readStream(`media-${grant.mediaId}`)).toEqual([]);
    // The same token still works for a file within the limit: nothing was recorded.
    expect((await upload(grant, PNG)).status).toBe(201);
  }, 60_000);
});
