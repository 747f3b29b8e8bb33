import type { Request, Response } from 'express';
import { pipeline, type Writable } from 'node:stream';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';

// The page's HTML is compressed per request (assets are compressed once at start, see
// client-bundle.ts): brotli when the browser takes it, else gzip, else as it is. The body is a
// stream, so a page rendered as a stream can be piped in: the encoder has `flush()`, which React's
// renderToPipeableStream calls after each part, so the browser gets the head before the rest.
// Brotli at quality 5: pages differ per request, and higher qualities cost more time than they save
// on a 20–100 KB document.
const BROTLI_QUALITY = 5;

export type BodyEncoding = 'br' | 'gzip' | 'identity';

/** Brotli whenever accepted (browsers list it after gzip, at the same weight), like the assets. */
export function bodyEncodingFor(req: Request): BodyEncoding {
  if (req.acceptsEncodings('br') === 'br') return 'br';
  return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : 'identity';
}

/** Sets the encoding headers and answers a stream to write the body into (end it to finish the answer). */
export function compressedBody(req: Request, res: Response): Writable {
  res.vary('Accept-Encoding');
  const encoding = bodyEncodingFor(req);
  // As it is: the answer itself (a pass-through stream costs its own turns, ~2% of a rendered page's
  // time at the bench's load).
  if (encoding === 'identity') return res;
  const encoder = encoding === 'br'
    ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } })
    : createGzip();
  res.setHeader('Content-Encoding', encoding);
  res.removeHeader('Content-Length');
  // A visitor who leaves mid-answer closes res; pipeline then ends the encoder too.
  pipeline(encoder, res, () => {});
  return encoder;
}
