import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform, version as esbuildVersion, type Metafile, type Plugin } from 'esbuild';
import { messages } from './i18n/i18n.ts';
import { splitRouteGroupMessages } from './i18n/route-group-messages.ts';
import { altchaAssets } from './altcha-assets.ts';
import { compressFiles } from './asset-compression.ts';
import { productionBuildOf, REACT_ROUTER_SPECIFIER } from './react-router-production.ts';
import { STYLESHEETS, type StylesheetName } from './app/route-groups.ts';
import type { Locale } from './api/view-models.ts';

// The browser bundle (web/entry-client.tsx) and stylesheets, built at start in memory with esbuild
// (unless the build kept from an earlier start has the same sources: web/client-assets-cache.ts) and
// served under content-hashed names, so they can be cached for a year.
// The bundle is split: code reached only through `import()` (lazy routes) is in its own chunk, and
// code shared by several chunks in shared chunks. Production minifies and writes each source map as
// a separate file the script links to; development keeps inline maps and skips brotli (fast starts).
export interface AssetFile {
  body: Buffer;
  gzipped: Buffer;
  /** Brotli, in production only (null in development and for source maps, which only developers fetch). */
  brotli: Buffer | null;
  type: string;
}

export interface ClientAssets {
  scriptPath: string;
  /**
   * The stylesheet every page links (`app`: the base and the storefront's rules); a route group's pages
   * link theirs after it, named by the same hash (stylesheetHref in web/app/route-groups.ts).
   */
  stylesheetPath: string;
  /** The chunks the entry imports statically: preloaded with it (`<link rel="modulepreload">`). */
  entryImports: string[];
  /**
   * The chunk holding a module the bundle imports lazily (a path relative to web/, e.g.
   * `pages/dashboard/orders.tsx`) and every chunk it imports statically, or [] when it is in the entry.
   */
  chunksOf(module: string): string[];
  files: Map<string, AssetFile>;
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const hashOf = (content: string | Uint8Array) => createHash('sha256').update(content).digest('hex').slice(0, 12);
const OUT_DIR = 'bundle';

/** The module holding one language's storefront messages in the browser (see pageMessages below). */
export const pageMessagesModule = (locale: Locale) => `page-messages:${locale}`;
/** The module holding one language's messages of the dashboards and the back office. */
export const routeGroupMessagesModule = (locale: Locale) => `route-group-messages:${locale}`;

const splitMessages = { he: splitRouteGroupMessages(messages.he), en: splitRouteGroupMessages(messages.en) };

/**
 * `page-messages:he` and `page-messages:en`: each language's storefront messages, and
 * `route-group-messages:he|en`: its texts only the dashboards and the back office use
 * (web/i18n/route-group-messages.ts), made here from the server's merged messages (web/i18n/i18n.ts).
 * Each is imported with `import()`, so each is a chunk of its own: a storefront page loads only its
 * language's storefront texts, a dashboard page those of its screens too. JSON.parse of a string,
 * which the browser parses faster than the same object as script.
 */
const pageMessages: Plugin = {
  name: 'page-messages',
  setup(bundle) {
    // Named `<part>:<locale>` in the metafile (namespace:path), as chunksOf looks them up.
    bundle.onResolve({ filter: /^(page|route-group)-messages:(he|en)$/ }, (args) => {
      const [namespace, locale] = args.path.split(':') as [string, string];
      return { path: locale, namespace };
    });
    for (const [namespace, part] of [['page-messages', 'storefront'], ['route-group-messages', 'routeGroups']] as const) {
      bundle.onLoad({ filter: /.*/, namespace }, (args) => {
        const tree = splitMessages[args.path as Locale][part];
        return { contents: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(tree))});`, loader: 'js' };
      });
    }
  },
};

/**
 * The stylesheets (web/app/route-groups.ts STYLESHEETS): `app` is web/styles/app.css (the base: tokens,
 * layout, shared components) then each feature's storefront rules (web/styles/*.css) in name order;
 * each other sheet is the folder of its name in web/styles/ (a feature's rules that only the dashboard,
 * the back office or both use, in a file named as the feature's), in name order. A storefront page so
 * parses only `app`; a group's rules keep their order after it.
 */
async function stylesheets(): Promise<{ sheets: Map<StylesheetName, string>; files: string[] }> {
  const entries = await readdir(here('./styles'), { withFileTypes: true });
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const unknown = folders.filter((name) => !(STYLESHEETS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`web/styles/${unknown[0]}/ is no stylesheet of web/app/route-groups.ts STYLESHEETS`);
  const files: string[] = [];
  const concatenated = async (folder: string, first: string[] = []) => {
    const names = (await readdir(here(`./styles/${folder}`))).filter((name) => name.endsWith('.css') && !first.includes(name)).sort();
    const paths = [...first, ...names].map((name) => here(`./styles/${folder}/${name}`));
    files.push(...paths);
    return (await Promise.all(paths.map((path) => readFile(path, 'utf8')))).join('\n');
  };
  const sheets = new Map(await Promise.all(STYLESHEETS.map(async (name) =>
    [name, name === 'app' ? await concatenated('.', ['app.css']) : folders.includes(name) ? await concatenated(name) : ''] as const)));
  return { sheets, files };
}

const typeOf = (name: string) =>
  name.endsWith('.map') ? 'application/json; charset=utf-8' : name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';

/**
 * Zod re-exports all its locales as a namespace (`z.locales`) that nothing here uses (its schemas import
 * English directly); with code splitting esbuild keeps them in the chunk of zod's core, which the
 * storefront loads first since it validates API answers (about 250 KB). Only English is bundled.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      (/[\\/]zod[\\/]v4[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'zod-english-only', pluginData: args.resolveDir } : undefined));
    builder.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) =>
      ({ contents: "export { default as en } from '../locales/en.js';", resolveDir: args.pluginData as string, loader: 'js' }));
  },
};

/**
 * Rich text is sanitized with sanitize-html on the server (web/components/rich-text.ts); the bundle gets
 * rich-text.browser.ts instead, the same policy on the browser's own parser, so sanitize-html, postcss
 * and htmlparser2 stay out of the browser (docs/security.md).
 */
const browserRichText: Plugin = {
  name: 'browser-rich-text',
  setup(bundle) {
    bundle.onResolve({ filter: /(^|\/)rich-text\.ts$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/\.ts$/, '.browser.ts')) }));
  },
};

/** In production, react-router's production build (web/react-router-production.ts). */
const reactRouterProduction: Plugin = {
  name: 'react-router-production',
  setup(bundle) {
    bundle.onResolve({ filter: REACT_ROUTER_SPECIFIER }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const resolved = await bundle.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'resolving' });
      return resolved.errors.length > 0 ? resolved : { ...resolved, path: productionBuildOf(resolved.path) };
    });
  },
};

/**
 * What a build made, as plain data: web/client-assets-cache.ts keeps it on disk and serves it again
 * while none of `inputs` changed.
 */
export interface ClientAssetsBuild {
  scriptPath: string;
  stylesheetPath: string;
  entryImports: string[];
  /** Each chunk's static imports, by public path (chunkGraph). */
  staticImports: Map<string, string[]>;
  /** The chunk made for each lazily imported module (a path relative to web/). */
  chunkOfModule: Map<string, string>;
  files: Map<string, AssetFile>;
  /** Every file the build read, absolute: esbuild's inputs, the stylesheets and the altcha files. */
  inputs: string[];
}

/**
 * What the output depends on besides the files a build reads: the modules made here from the server's
 * messages (pageMessages), the mode, and esbuild's version.
 */
export const buildFingerprint = (options: { production: boolean }): string =>
  hashOf(JSON.stringify({ production: options.production, esbuild: esbuildVersion, messages: splitMessages }));

export async function buildClientAssets(options: { production: boolean }): Promise<ClientAssets> {
  return clientAssetsOf(await buildClientAssetFiles(options));
}

export async function buildClientAssetFiles(options: { production: boolean }): Promise<ClientAssetsBuild> {
  const altcha = await altchaAssets();
  const result = await build({
    absWorkingDir: here('.'),
    entryPoints: { app: './entry-client.tsx' },
    bundle: true,
    write: false,
    outdir: OUT_DIR,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    jsx: 'automatic',
    // Hebrew as UTF-8 (the assets are served as such), not six-byte \u escapes: the Hebrew messages are a third the size.
    charset: 'utf8',
    // Chunks are named by esbuild's content hash; the entry is renamed below by the hash of its text,
    // which names the chunks it imports, so a changed chunk changes the entry's name too.
    entryNames: '[name]',
    chunkNames: 'chunk.[hash]',
    metafile: true,
    plugins: [zodEnglishOnly, pageMessages, browserRichText, ...(options.production ? [reactRouterProduction] : [])],
    minify: options.production,
    sourcemap: options.production ? 'linked' : 'inline',
    define: { 'process.env.NODE_ENV': JSON.stringify(options.production ? 'production' : 'development'), ...altcha.define },
    logLevel: 'silent',
  });
  const entryName = 'app.js';
  const outputs = new Map(result.outputFiles.map((file) => [basename(file.path), file.text]));
  if (options.production) {
    // The entry and every chunk it imports statically, by esbuild's names (before the entry's renaming).
    const { staticImports: byOutputName } = chunkGraph(result.metafile!, (name) => name);
    const firstLoad = [entryName, ...staticImportsOf(byOutputName, `/assets/${entryName}`).map((path) => basename(path))];
    for (const name of firstLoad) hintEagerCompilation(outputs, name);
  }
  const entryText = outputs.get(entryName)!;
  const entryHashed = `app.${hashOf(entryText)}.js`;
  const publicName = (name: string) => (name === entryName ? entryHashed : name === `${entryName}.map` ? `${entryHashed}.map` : name);

  const sources = new Map<string, Buffer>();
  for (const [name, text] of outputs) {
    const body = name === entryName ? entryText.replace(/\/\/# sourceMappingURL=app\.js\.map\s*$/, `//# sourceMappingURL=${entryHashed}.map\n`) : text;
    sources.set(publicName(name), Buffer.from(body));
  }
  for (const [name, body] of altcha.files) sources.set(name, body);
  const { sheets: sheetSources, files: sheetFiles } = await stylesheets();
  const sheets = await Promise.all([...sheetSources].map(async ([name, sheet]) =>
    [name, Buffer.from(options.production ? (await transform(sheet, { loader: 'css', minify: true, target: ['es2022'] })).code : sheet)] as const));
  // One hash of all the sheets names each, so a page derives the others' names from the one it links.
  const stylesheetHash = hashOf(Buffer.concat(sheets.flatMap(([name, css]) => [Buffer.from(`${name}\n`), css])));
  for (const [name, css] of sheets) sources.set(`${name}.${stylesheetHash}.css`, css);

  const compressed = await compressFiles(sources, { production: options.production });
  const files = new Map<string, AssetFile>();
  for (const [name, body] of sources) files.set(`/assets/${name}`, { body, ...compressed.get(name)!, type: typeOf(name) });

  const { staticImports, chunkOfModule } = chunkGraph(result.metafile!, publicName);
  const scriptPath = `/assets/${entryHashed}`;
  // Inputs of another namespace (`page-messages:he`) are made here, from what buildFingerprint covers.
  const bundled = Object.keys(result.metafile!.inputs).filter((input) => !/^[\w-]+:/.test(input)).map((input) => join(here('.'), input));
  return {
    scriptPath,
    stylesheetPath: `/assets/app.${stylesheetHash}.css`,
    entryImports: staticImportsOf(staticImports, scriptPath),
    staticImports,
    chunkOfModule,
    files,
    inputs: [...bundled, ...sheetFiles, ...altcha.inputs],
  };
}

/** The assets a build made, served: `chunksOf` walks its chunk graph. */
export function clientAssetsOf(build: ClientAssetsBuild): ClientAssets {
  return {
    scriptPath: build.scriptPath,
    stylesheetPath: build.stylesheetPath,
    entryImports: build.entryImports,
    chunksOf: (module: string): string[] => {
      const chunk = build.chunkOfModule.get(module.replace(/^\.\//, ''));
      return chunk ? [chunk, ...staticImportsOf(build.staticImports, chunk)] : [];
    },
    files: build.files,
  };
}

/** Which chunk holds each lazily imported module, and what each chunk imports statically. */
function chunkGraph(metafile: Metafile, publicName: (name: string) => string) {
  const pathOf = (output: string) => `/assets/${publicName(basename(output))}`;
  const staticImports = new Map<string, string[]>();
  const chunkOfModule = new Map<string, string>();
  for (const [output, details] of Object.entries(metafile.outputs)) {
    if (output.endsWith('.map')) continue;
    staticImports.set(pathOf(output), details.imports.filter((entry) => entry.kind === 'import-statement').map((entry) => pathOf(entry.path)));
    // A chunk made for an `import()` names the module it was made for.
    if (details.entryPoint) chunkOfModule.set(details.entryPoint.replace(/^\.\//, ''), pathOf(output));
  }
  return { staticImports, chunkOfModule };
}

/**
 * V8's explicit compile hint (Chrome 136 on): a file whose first line is this comment has every function
 * compiled as the file is streamed in, on a background thread, instead of each on the main thread when
 * first called. The first load's code runs at once (evaluation and hydration), so the hint goes there: on
 * Lighthouse's mobile profile the main thread's task that evaluates the first load went from ~240 to
 * ~180 ms (4× CPU) and the pages' Total Blocking Time roughly halved (docs/storefront.md). Lazily loaded
 * chunks go without it: most of their functions wait for a click.
 */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts EAGER_COMPILE_HINT on the file's first line; its source map, if any, starts a line later. A chunk
 * keeps esbuild's name, a hash of its code without the hint: a copy cached with or without the hint
 * runs the same (the entry's name is the hash of its text with it).
 */
function hintEagerCompilation(outputs: Map<string, string>, name: string): void {
  outputs.set(name, `${EAGER_COMPILE_HINT}\n${outputs.get(name)!}`);
  const map = outputs.get(`${name}.map`);
  if (map === undefined) return;
  const parsed = JSON.parse(map) as { mappings: string };
  outputs.set(`${name}.map`, JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` }));
}

/** Every chunk `chunk` imports statically, directly or through others. */
function staticImportsOf(staticImports: ReadonlyMap<string, readonly string[]>, chunk: string): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    for (const next of staticImports.get(path) ?? []) {
      if (!seen.has(next)) { seen.add(next); visit(next); }
    }
  };
  visit(chunk);
  return [...seen];
}
