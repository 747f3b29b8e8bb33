import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

// The browser bundle (web/entry-client.tsx) and stylesheet, built once at start in memory with
// esbuild and served under content-hashed names, so they can be cached for a year.
export interface ClientAssets {
  scriptPath: string;
  stylesheetPath: string;
  files: Map<string, { body: Buffer | string; gzipped: Buffer; type: string }>;
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const hashOf = (content: string | Uint8Array) => createHash('sha256').update(content).digest('hex').slice(0, 12);

export async function buildClientAssets(options: { production: boolean }): Promise<ClientAssets> {
  const result = await build({
    entryPoints: [here('./entry-client.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    jsx: 'automatic',
    minify: options.production,
    sourcemap: options.production ? false : 'inline',
    define: { 'process.env.NODE_ENV': JSON.stringify(options.production ? 'production' : 'development') },
    logLevel: 'silent',
  });
  const script = result.outputFiles[0]!.contents;
  const css = await readFile(here('./styles/app.css'), 'utf8');
  const scriptPath = `/assets/app.${hashOf(script)}.js`;
  const stylesheetPath = `/assets/app.${hashOf(css)}.css`;
  return {
    scriptPath,
    stylesheetPath,
    files: new Map([
      [scriptPath, { body: Buffer.from(script), gzipped: gzipSync(script), type: 'text/javascript; charset=utf-8' }],
      [stylesheetPath, { body: css, gzipped: gzipSync(css), type: 'text/css; charset=utf-8' }],
    ]),
  };
}
