import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressFile, compressFiles, FILES_COMPRESSED_AT_ONCE, type CompressedFile } from './asset-compression.ts';

// The start compresses the storefront's assets a few at a time (web/asset-compression.ts): all at once,
// each compression's native state was held together, ~340 MB more resident at a start's peak.
describe('compressFiles', () => {
  const sources = new Map(Array.from({ length: 20 }, (_, i) => [`chunk.${i}.js`, Buffer.from(`export const n${i} = ${i};\n`.repeat(50 + i))] as const));

  it(`compresses at most ${FILES_COMPRESSED_AT_ONCE} files at a time, every file once, in the order given`, async () => {
    let running = 0;
    let most = 0;
    const seen: string[] = [];
    const compress = async (name: string, body: Buffer): Promise<CompressedFile> => {
      running += 1;
      most = Math.max(most, running);
      seen.push(name);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running -= 1;
      return { gzipped: body, brotli: null };
    };
    const compressed = await compressFiles(sources, { production: true, compress });
    expect(most).toBe(FILES_COMPRESSED_AT_ONCE);
    expect(seen.sort()).toEqual([...sources.keys()].sort());
    expect([...compressed.keys()]).toEqual([...sources.keys()]);
    for (const [name, body] of sources) expect(compressed.get(name)!.gzipped).toBe(body);
  });

  it('takes another limit, and one file at a time at the least', async () => {
    for (const [atOnce, expected] of [[5, 5], [0, 1]] as const) {
      let running = 0;
      let most = 0;
      await compressFiles(sources, {
        production: false, atOnce, compress: async (_name, body) => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 1));
          running -= 1;
          return { gzipped: body, brotli: null };
        },
      });
      expect(most).toBe(expected);
    }
  });

  it('gives each file its gzip, and in production its brotli except for source maps', async () => {
    const files = new Map([['app.js', Buffer.from('console.log("שלום");\n'.repeat(200))], ['app.js.map', Buffer.from('{"version":3}')]]);
    const production = await compressFiles(files, { production: true });
    expect(gunzipSync(production.get('app.js')!.gzipped)).toEqual(files.get('app.js'));
    expect(brotliDecompressSync(production.get('app.js')!.brotli!)).toEqual(files.get('app.js'));
    expect(gunzipSync(production.get('app.js.map')!.gzipped)).toEqual(files.get('app.js.map'));
    expect(production.get('app.js.map')!.brotli).toBeNull();
    expect((await compressFile('app.js', files.get('app.js')!, false)).brotli).toBeNull();
  });
});
