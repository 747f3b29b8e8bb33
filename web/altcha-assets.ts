import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL, fileURLToPath } from 'node:url';

// The ALTCHA widget's own files, served from this site like the bundle (the page's CSP allows
// scripts, workers and styles from 'self' only): its proof-of-work worker, loaded by `new Worker(url)`,
// and its stylesheet, linked when a form first shows the widget. Content-hashed names; the bundle
// learns them through `define` (web/components/altcha-widget.browser.ts reads them).
export interface AltchaAssets {
  /** esbuild `define` entries naming the files' public paths. */
  define: Record<string, string>;
  /** Public name (under /assets/) → content. */
  files: Map<string, Buffer>;
  /** The package's files read (absolute paths). */
  inputs: string[];
}

const hashOf = (content: Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 12);

export async function altchaAssets(): Promise<AltchaAssets> {
  // The package exports no package.json: its files are found beside the external build's entry.
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('altcha/external'));
  const inputs = [fileURLToPath(new URL('../workers/pbkdf2.js', entry)), fileURLToPath(new URL('./altcha.css', entry))];
  const [worker, stylesheet] = await Promise.all(inputs.map((path) => readFile(path)));
  const workerName = `altcha-pbkdf2.${hashOf(worker)}.js`;
  const stylesheetName = `altcha.${hashOf(stylesheet)}.css`;
  return {
    define: {
      'process.env.ALTCHA_WORKER_URL': JSON.stringify(`/assets/${workerName}`),
      'process.env.ALTCHA_STYLESHEET_URL': JSON.stringify(`/assets/${stylesheetName}`),
    },
    files: new Map([[workerName, worker!], [stylesheetName, stylesheet!]]),
    inputs,
  };
}
