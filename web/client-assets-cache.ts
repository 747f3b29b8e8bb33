import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { buildClientAssetFiles, buildFingerprint, clientAssetsOf, type ClientAssets, type ClientAssetsBuild } from './client-bundle.ts';

// The storefront's assets (web/client-bundle.ts) kept on disk between starts: a start whose sources
// are those of the kept build serves its files instead of bundling, minifying and compressing again
// (esbuild and brotli: ~1.7 CPU-s, on the cores a first start's view build needs). A kept build is
// used only while every file it read has the same content, the directories holding them list the
// same names (a file added beside one could change what an import resolves to), and what else goes
// into it is the same (buildFingerprint; the build's own code and the package and compiler settings).

/** Where `npm start` keeps them: in the checkout (git ignores it), apart from the data directory, which holds no build. */
export const DEFAULT_CLIENT_ASSETS_CACHE_DIR = fileURLToPath(new URL('../.cache/client-assets/', import.meta.url));

/** What decides the output beyond esbuild's inputs: the build's own modules, the packages, the compiler settings. */
const BUILD_FILES = [
  './client-bundle.ts', './client-assets-cache.ts', './altcha-assets.ts', './asset-compression.ts', './react-router-production.ts', './app/route-groups.ts',
  '../package.json', '../package-lock.json', '../tsconfig.json',
].map((path) => fileURLToPath(new URL(path, import.meta.url)));

/** How much earlier than the clock a file's modification time may read. */
const MTIME_SLACK_MS = 2_000;

/** Bumped when the kept file's layout changes. */
const FORMAT = 1;

interface Kept {
  format: number;
  fingerprint: string;
  /** Each file read, with the hash of its content. */
  files: Array<[path: string, hash: string]>;
  /** Each directory holding one, with the hash of its names. */
  directories: Array<[path: string, hash: string]>;
  build: Omit<ClientAssetsBuild, 'inputs'>;
}

export interface ClientAssetsCacheOptions {
  production: boolean;
  /** The directory of the kept builds (created when missing). */
  dir: string;
  /** Told why a kept build could not be written (the assets are served all the same). */
  warn?: (error: unknown, message: string) => void;
  /** buildClientAssetFiles but for tests. */
  build?: typeof buildClientAssetFiles;
  /** The files beside esbuild's inputs that decide the output (default: the build's modules and the package and compiler settings); tests name their own. */
  buildFiles?: readonly string[];
}

const hashOf = (content: string | Uint8Array) => createHash('sha256').update(content).digest('hex');

/** The missing file's hash: a file that appears or disappears changes it. */
const MISSING = 'missing';
const hashOfFile = (path: string) => readFile(path).then(hashOf, () => MISSING);
const hashOfDirectory = (path: string) => readdir(path).then((names) => hashOf(names.sort().join('\n')), () => MISSING);

/** The files the check reads: the build's, and those each build names. */
const checkedFiles = (inputs: readonly string[], buildFiles: readonly string[]) => [...new Set([...inputs, ...buildFiles])].sort();

/** The assets of the kept build for these sources, else a new build (kept for the next start). */
export async function cachedClientAssets(options: ClientAssetsCacheOptions): Promise<ClientAssets> {
  const file = join(options.dir, `${options.production ? 'production' : 'development'}.bin`);
  const fingerprint = buildFingerprint({ production: options.production });
  const kept = await readKept(file);
  if (kept && kept.fingerprint === fingerprint && await unchanged(kept)) return clientAssetsOf({ ...kept.build, inputs: [] });

  const started = Date.now();
  const { inputs, ...build } = await (options.build ?? buildClientAssetFiles)({ production: options.production });
  await keep(file, { fingerprint, started, inputs, buildFiles: options.buildFiles ?? BUILD_FILES, build }).catch((error: unknown) => options.warn?.(error, `the storefront's assets could not be kept in ${options.dir}`));
  return clientAssetsOf({ ...build, inputs });
}

async function readKept(file: string): Promise<Kept | null> {
  try {
    const kept = deserialize(await readFile(file)) as Kept;
    return kept?.format === FORMAT ? kept : null;
  } catch {
    // Missing, or not a kept build (cut short, another version's): built again.
    return null;
  }
}

async function unchanged(kept: Kept): Promise<boolean> {
  const [files, directories] = await Promise.all([
    Promise.all(kept.files.map(async ([path, hash]) => (await hashOfFile(path)) === hash)),
    Promise.all(kept.directories.map(async ([path, hash]) => (await hashOfDirectory(path)) === hash)),
  ]);
  return files.every(Boolean) && directories.every(Boolean);
}

async function keep(file: string, made: { fingerprint: string; started: number; inputs: string[]; buildFiles: readonly string[]; build: Kept['build'] }): Promise<void> {
  const paths = checkedFiles(made.inputs, made.buildFiles);
  // A file changed while the build ran may be in the build as it was before: such a build is not kept.
  // File times lag the clock (the kernel's coarse clock; whole seconds on some file systems), so a file
  // changed shortly before the build counts too: the next start builds again, no harm done.
  const changedSince = await Promise.all(paths.map((path) => stat(path).then((stats) => stats.mtimeMs >= made.started - MTIME_SLACK_MS, () => false)));
  if (changedSince.some(Boolean)) return;
  // Those of the build's inputs: where an import may resolve to a new file (not the checkout's root).
  const directories = [...new Set(made.inputs.map((path) => dirname(path)))].sort();
  const kept: Kept = {
    format: FORMAT,
    fingerprint: made.fingerprint,
    files: await Promise.all(paths.map(async (path) => [path, await hashOfFile(path)] as [string, string])),
    directories: await Promise.all(directories.map(async (path) => [path, await hashOfDirectory(path)] as [string, string])),
    build: made.build,
  };
  await mkdir(dirname(file), { recursive: true });
  // Written aside and renamed: a start reading meanwhile sees the old file or the new one, never half of one.
  // Named apart per writer: two processes, or two threads of one (test workers), may keep a build at once.
  const aside = `${file}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await writeFile(aside, serialize(kept));
    await rename(aside, file);
  } catch (error) {
    await rm(aside, { force: true });
    throw error;
  }
}
