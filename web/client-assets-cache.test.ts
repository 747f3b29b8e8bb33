import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedClientAssets } from './client-assets-cache.ts';
import type { ClientAssetsBuild } from './client-bundle.ts';

// A start serves the kept build of the storefront's assets only while what went into it is unchanged.
describe('the kept build of the assets', () => {
  let root: string;
  let sources: string;
  let cacheDir: string;
  let builds: number;
  let duringBuild: (() => void) | undefined;

  const write = (name: string, content: string) => {
    const path = join(sources, name);
    writeFileSync(path, content);
    // Written well before any build starts: a file changed during a build is another case (below).
    utimesSync(path, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  };

  /** Stands for buildClientAssetFiles: one script per build, named by the build's number, reading entry.ts. */
  const build = async (): Promise<ClientAssetsBuild> => {
    builds += 1;
    duringBuild?.();
    const script = `/assets/app.${builds}.js`;
    return {
      scriptPath: script,
      stylesheetPath: '/assets/app.css',
      entryImports: ['/assets/chunk.a.js'],
      staticImports: new Map([[script, ['/assets/chunk.a.js']], ['/assets/chunk.b.js', ['/assets/chunk.a.js']]]),
      chunkOfModule: new Map([['pages/lazy.tsx', '/assets/chunk.b.js']]),
      files: new Map([[script, { body: Buffer.from(`build ${builds}`), gzipped: Buffer.from('gz'), brotli: null, type: 'text/javascript; charset=utf-8' }]]),
      inputs: [join(sources, 'entry.ts')],
    };
  };
  const assets = (production = true, dir = cacheDir, warn?: (error: unknown, message: string) => void) =>
    // The build's own files are the sources' too: the checkout's may have been written a moment ago (a checkout, an edit).
    cachedClientAssets({ production, dir, build, buildFiles: [join(sources, 'build.ts')], ...(warn ? { warn } : {}) });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'client-assets-cache-'));
    sources = join(root, 'sources');
    mkdirSync(sources);
    cacheDir = join(root, 'cache');
    builds = 0;
    duringBuild = undefined;
    write('entry.ts', 'export const a = 1;');
    write('build.ts', 'export const build = 1;');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('serves the kept build while the files it read are unchanged', async () => {
    const first = await assets();
    const second = await assets();
    expect(builds).toBe(1);
    expect(second.scriptPath).toBe(first.scriptPath);
    expect(second.files.get(first.scriptPath)?.body.toString()).toBe('build 1');
    expect(second.entryImports).toEqual(['/assets/chunk.a.js']);
    expect(second.chunksOf('./pages/lazy.tsx')).toEqual(['/assets/chunk.b.js', '/assets/chunk.a.js']);
    expect(second.chunksOf('pages/elsewhere.tsx')).toEqual([]);
  });

  it('builds again once a file it read changed, and keeps that build', async () => {
    await assets();
    write('entry.ts', 'export const a = 2;');
    expect((await assets()).scriptPath).toBe('/assets/app.2.js');
    expect((await assets()).scriptPath).toBe('/assets/app.2.js');
    expect(builds).toBe(2);
  });

  it('builds again once one of the build\'s own files changed (its code, the packages, the compiler settings)', async () => {
    await assets();
    write('build.ts', 'export const build = 2;');
    expect((await assets()).scriptPath).toBe('/assets/app.2.js');
  });

  it('builds again once a file appears beside one it read (an import may resolve to it)', async () => {
    await assets();
    write('entry.tsx', 'export const a = 1;');
    expect((await assets()).scriptPath).toBe('/assets/app.2.js');
  });

  it('keeps the production and the development build apart', async () => {
    await assets(true);
    expect((await assets(false)).scriptPath).toBe('/assets/app.2.js');
    expect((await assets(true)).scriptPath).toBe('/assets/app.1.js');
    expect(builds).toBe(2);
  });

  it('does not keep a build during which a file it read changed', async () => {
    duringBuild = () => { writeFileSync(join(sources, 'entry.ts'), 'export const a = 3;'); };
    await assets();
    duringBuild = undefined;
    write('entry.ts', 'export const a = 3;');
    expect((await assets()).scriptPath).toBe('/assets/app.2.js');
    expect((await assets()).scriptPath).toBe('/assets/app.2.js');
  });

  it('builds again over a kept file it cannot read', async () => {
    await assets();
    writeFileSync(join(cacheDir, 'production.bin'), 'not a kept build');
    expect((await assets()).scriptPath).toBe('/assets/app.2.js');
  });

  it('serves a build it cannot keep, and says why', async () => {
    const notADirectory = join(root, 'a-file');
    writeFileSync(notADirectory, '');
    const warnings: string[] = [];
    const served = await assets(true, notADirectory, (_error, message) => warnings.push(message));
    expect(served.files.get(served.scriptPath)?.body.toString()).toBe('build 1');
    expect(warnings).toEqual([`the storefront's assets could not be kept in ${notADirectory}`]);
  });
});
