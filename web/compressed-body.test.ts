import express from 'express';
import type { AddressInfo } from 'node:net';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync, createBrotliDecompress, createGunzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedBody } from './compressed-body.ts';

// The page's HTML by Accept-Encoding, and streamed: what is flushed reaches the browser before the end.
const PAGE = `<!DOCTYPE html><html lang="he" dir="rtl"><head><title>הבמה</title></head><body>${'<p>שלום עולם – hello</p>'.repeat(400)}</body></html>`;
let base: string;
let close: () => Promise<void>;
let releaseStream: () => void = () => {};

beforeAll(async () => {
  const app = express();
  app.get('/page', (req, res) => {
    res.status(200).type('text/html; charset=utf-8');
    compressedBody(req, res).end(PAGE);
  });
  // A page written in two parts, the second only once the test has read the first.
  app.get('/streamed', (req, res) => {
    res.status(200).type('text/html; charset=utf-8');
    const body = compressedBody(req, res) as ReturnType<typeof compressedBody> & { flush?: (callback?: () => void) => void };
    body.write('<!DOCTYPE html><html><head><title>first part</title></head>');
    body.flush?.();
    releaseStream = () => body.end('<body>second part</body></html>');
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

/** The raw answer (node's http does not decode, unlike fetch). */
function get(path: string, acceptEncoding: string | null): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
    httpRequest(`${base}${path}`, { headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ response, body: Buffer.concat(parts) }));
    }).on('error', reject).end();
  });
}

describe('compressed page HTML', () => {
  it('is brotli when the browser takes it (Chromium lists gzip first), and smaller than the page', async () => {
    const { response, body } = await get('/page', 'gzip, deflate, br, zstd');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(body).toString('utf8')).toBe(PAGE);
    expect(body.length).toBeLessThan(Buffer.byteLength(PAGE) / 10);
  });

  it('is gzip for a client without brotli', async () => {
    const { response, body } = await get('/page', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(body).toString('utf8')).toBe(PAGE);
  });

  it('is sent as it is when the client names no encoding it takes', async () => {
    for (const acceptEncoding of [null, 'identity', 'gzip;q=0, br;q=0']) {
      const { response, body } = await get('/page', acceptEncoding);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(body.toString('utf8')).toBe(PAGE);
    }
  });

  it.each([['br', createBrotliDecompress], ['gzip', createGunzip]] as const)('streams (%s): a flushed first part is readable before the page ends', async (encoding, decoder) => {
    const firstPart = await new Promise<string>((resolve, reject) => {
      httpRequest(`${base}/streamed`, { headers: { 'accept-encoding': encoding } }, (response) => {
        expect(response.headers['content-encoding']).toBe(encoding);
        const decoded = response.pipe(decoder());
        let text = '';
        decoded.on('data', (part: Buffer) => {
          text += part.toString('utf8');
          if (text.includes('first part</title></head>')) resolve(text);
        });
        decoded.on('end', () => reject(new Error(`the answer ended before the first part was seen alone: ${text}`)));
      }).on('error', reject).end();
    });
    expect(firstPart).not.toContain('second part');
    releaseStream();
  });
});
