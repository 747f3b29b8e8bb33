import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { weakEtag } from './weak-etag.ts';

describe('weakEtag', () => {
  it('is the ETag Express gives the same text by default', async () => {
    const texts = ['{}', '{"items":[{"name":"להקת ג׳אז"}],"total":1}', `"${'א'.repeat(70_000)}"`];
    const app = express();
    app.get('/:n', (req, res) => { res.type('application/json').send(texts[Number(req.params.n)]); });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      for (const [n, text] of texts.entries()) {
        const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/${n}`);
        expect(weakEtag(Buffer.from(text))).toBe(answer.headers.get('etag'));
      }
    } finally {
      server.close();
    }
    expect(weakEtag(Buffer.alloc(0))).toBe('W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"');
  });
});
