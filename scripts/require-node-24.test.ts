import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm start` and the other scripts run the TypeScript sources, which only Node 24 can (type
// stripping). On an older Node they must say so in one line, before Node trips over a .ts file.
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const runsSources = Object.entries(scripts).filter(([, command]) => command.includes('.ts') || command.includes('vitest'));

/** A Node older than 24 installed on this machine (Debian's, typically), or null. */
function olderNode(): { path: string; version: string } | null {
  for (const path of ['/usr/bin/node', '/usr/local/bin/node', '/bin/node']) {
    if (!existsSync(path)) continue;
    try {
      const version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
      if (Number(version.replace(/^v/, '').split('.')[0]) < 24) return { path, version };
    } catch { /* not runnable */ }
  }
  return null;
}

/** Runs a package.json script the way npm does (sh -c), with `nodeDir`'s node first on PATH. */
function runScript(command: string, nodeDir: string) {
  return spawnSync('sh', ['-c', command], {
    cwd: root, encoding: 'utf8', timeout: 60_000,
    env: { PATH: `${nodeDir}:/usr/bin:/bin`, HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: 'false' },
  });
}

describe('the Node version preflight (scripts/require-node-24.mjs)', () => {
  it('runs first in every script that runs the TypeScript sources', () => {
    expect(runsSources.length).toBeGreaterThanOrEqual(10);
    for (const [name, command] of runsSources) {
      expect(command.startsWith('node scripts/require-node-24.mjs && '), `${name}: ${command}`).toBe(true);
    }
  });

  it('lets Node 24 through without a word', () => {
    const answer = spawnSync(process.execPath, [join(root, 'scripts/require-node-24.mjs')], { encoding: 'utf8' });
    expect(answer.status).toBe(0);
    expect(answer.stdout + answer.stderr).toBe('');
  });

  const older = olderNode();
  describe.skipIf(!older)(`on an older Node (${older ? `${older.version} at ${older.path}` : 'skipped: no Node older than 24 at /usr/bin/node or /usr/local/bin/node'})`, () => {
    it.each(runsSources.filter(([name]) => name.startsWith('start')))('npm run %s prints one line saying how to get Node 24, and exits 1', (_name, command) => {
      const answer = runScript(command, dirname(older!.path));
      expect(answer.status).toBe(1);
      expect(answer.stdout).toBe('');
      const lines = answer.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe(`HaBama needs Node 24 or newer (found ${older!.version}): install it with nvm (\`nvm install 24\` in this folder reads .nvmrc) or from https://nodejs.org`);
      // It ran before Node could meet a .ts file.
      expect(answer.stderr).not.toMatch(/ERR_|SyntaxError|TypeScript|\.ts/);
    });
  });
});
