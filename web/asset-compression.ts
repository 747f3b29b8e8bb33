import { promisify } from 'node:util';
import { brotliCompress as brotliCompressCallback, constants as zlib, gzip as gzipCallback } from 'node:zlib';

// The storefront's assets compressed once at start, on the thread pool, so every request is a plain
// write (web/client-bundle.ts). A few files at a time: every compression started holds its native
// state (brotli at quality 9 tens of MB) until it ends, and the pool runs four jobs at once however
// many wait, so starting all 64 files together only added memory: ~340 MB more resident at the peak,
// no sooner done. That peak came while a start's followers caught up, on top of the views' memory.

/** Files compressed at once: a gzip and a brotli each, so two keep the pool's four threads busy. */
export const FILES_COMPRESSED_AT_ONCE = 2;

export interface CompressedFile {
  gzipped: Buffer;
  /** Brotli, in production only (null in development and for source maps, which only developers fetch). */
  brotli: Buffer | null;
}

const gzip = promisify(gzipCallback);
const brotliCompress = promisify(brotliCompressCallback);

/** One file's compressed bodies: gzip always, brotli (quality 9) in production except for source maps. */
export async function compressFile(name: string, body: Buffer, production: boolean): Promise<CompressedFile> {
  const [gzipped, brotli] = await Promise.all([
    gzip(body),
    production && !name.endsWith('.map')
      ? brotliCompress(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : Promise.resolve(null),
  ]);
  return { gzipped, brotli };
}

/**
 * Every file of `sources` compressed, at most `atOnce` at a time, in the order given. `compress` is
 * compressFile but for tests.
 */
export async function compressFiles(
  sources: ReadonlyMap<string, Buffer>,
  options: { production: boolean; atOnce?: number; compress?: typeof compressFile },
): Promise<Map<string, CompressedFile>> {
  const compress = options.compress ?? compressFile;
  const names = [...sources.keys()];
  const done = new Array<CompressedFile>(names.length);
  let next = 0;
  const turns = async () => {
    while (next < names.length) {
      const index = next++;
      const name = names[index]!;
      done[index] = await compress(name, sources.get(name)!, options.production);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.atOnce ?? FILES_COMPRESSED_AT_ONCE) }, turns));
  return new Map(names.map((name, index) => [name, done[index]!]));
}
