import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// esbuild's output for the `.tsx` modules (web/jsx-hooks.ts) kept between starts, beside Node's compile
// cache: a start of main.ts loads ~140 of them, and transforming each again cost ~0.2 s of the start's
// own thread (a synchronous call into esbuild's process each) beside esbuild's time. One file per module
// and settings, holding the hash of the source it was made from: a changed source is transformed again
// and replaces it, so the directory does not grow with edits.

/** Transforms `source` of the module at `path` (`transform`), or answers what an earlier start kept for the same source. */
export type JsxTransform = (path: string, source: string, transform: () => string) => string;

const hashOf = (...parts: string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

/**
 * The cache in `dir` (none when undefined: every start transforms). `settings` names what else decides
 * the output (esbuild's version and options).
 */
export function jsxTransformCache(dir: string | undefined, settings: string): JsxTransform {
  if (!dir) return (_path, _source, transform) => transform();
  const root = join(dir, 'jsx');
  return (path, source, transform) => {
    const file = join(root, `${hashOf(settings, path)}.js`);
    const sourceHash = hashOf(source);
    try {
      const kept = readFileSync(file, 'utf8');
      const end = kept.indexOf('\n');
      if (kept.slice(0, end) === sourceHash) return kept.slice(end + 1);
    } catch {
      // Not kept yet.
    }
    const code = transform();
    try {
      mkdirSync(root, { recursive: true, mode: 0o700 });
      // Renamed into place: another process starting at the same time reads a whole file or none.
      const written = `${file}.${process.pid}.tmp`;
      writeFileSync(written, `${sourceHash}\n${code}`);
      renameSync(written, file);
    } catch {
      // A directory this process cannot write: it transforms at every start, as without the cache.
    }
    return code;
  };
}
