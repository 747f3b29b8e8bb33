import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The domain is pure (DESIGN §3): deciders, commands, events and rules import only other domain
// files and zod, and never read the clock, randomness or the environment; time and ids come in
// through commands. Ports are interfaces, so they follow the import rule too; the one system clock
// adapter in domain/ports/clock.ts is the only place allowed to read the time.
const domainRoot = dirname(fileURLToPath(import.meta.url));
// libphonenumber-js is pure too (parsing and formatting phone numbers, shared/phone-parsing.ts), and so is
// @hebcal/core (the Jewish calendar's dates and sun times from coordinates, calendar/jewish-calendar.ts).
const allowedPackages = new Set(['zod', 'zod/mini', 'libphonenumber-js/min', '@hebcal/core', 'immutable']);
const mayReadClock = new Set([join('ports', 'clock.ts')]);

const importSpecifiers = /(?:\bfrom\s*|\bimport\s*)(['"])([^'"]+)\1/g;
const forbiddenCalls: Array<[RegExp, string]> = [
  [/\bimport\s*\(/, 'dynamic import()'],
  [/\brequire\s*\(/, 'require()'],
  [/\bDate\.now\s*\(/, 'Date.now()'],
  [/\bnew\s+Date\s*\(\s*\)/, 'new Date() without an argument'],
  [/\bMath\.random\s*\(/, 'Math.random()'],
  [/\bcrypto\./, 'crypto'],
  [/\bprocess\./, 'process'],
  [/\bperformance\.now\s*\(/, 'performance.now()'],
  [/\b(?:setTimeout|setInterval|setImmediate|fetch)\s*\(/, 'timers or network'],
];

/** What makes a domain source impure: a list of human-readable findings, empty when pure. */
function impurities(source: string, file: string): string[] {
  const findings: string[] = [];
  for (const match of source.matchAll(importSpecifiers)) {
    const specifier = match[2]!;
    if (specifier.startsWith('.')) {
      const target = resolve(domainRoot, dirname(file), specifier);
      if (!target.startsWith(domainRoot + sep)) findings.push(`imports ${specifier}, outside domain/`);
      else if (!specifier.endsWith('.ts')) findings.push(`imports ${specifier} without its .ts extension`);
      else if (!existsSync(target)) findings.push(`imports ${specifier}, which does not exist`);
    } else if (!allowedPackages.has(specifier)) {
      findings.push(`imports ${specifier}`);
    }
  }
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  for (const [pattern, what] of forbiddenCalls) {
    if (pattern.test(code) && !(what.startsWith('new Date()') && mayReadClock.has(file))) findings.push(`uses ${what}`);
  }
  return findings;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(domainRoot, path)] : [];
  });
}

describe('domain purity', () => {
  const files = sourceFiles(domainRoot);

  it('finds the domain sources', () => {
    expect(files).toContain(join('shared', 'decider.ts'));
    expect(files).toContain(join('vendor', 'decider.ts'));
    expect(files.some((file) => file.endsWith('.test.ts'))).toBe(false);
  });

  it.each(files)('%s imports only domain files and zod, and reads no clock or randomness', (file) => {
    expect(impurities(readFileSync(join(domainRoot, file), 'utf8'), file)).toEqual([]);
  });

  it('the check catches what it forbids', () => {
    const file = join('vendor', 'decider.ts');
    expect(impurities("import { readFileSync } from 'node:fs';", file)).toEqual(['imports node:fs']);
    expect(impurities("import express from 'express';\nimport { z } from 'zod';", file)).toEqual(['imports express']);
    expect(impurities("import type { Db } from '../../infra/db.ts';", file)).toEqual(['imports ../../infra/db.ts, outside domain/']);
    expect(impurities("export { x } from '../shared/refusal';", file)).toEqual(['imports ../shared/refusal without its .ts extension']);
    expect(impurities("import '../shared/missing.ts';", file)).toEqual(['imports ../shared/missing.ts, which does not exist']);
    expect(impurities('const at = Date.now();', file)).toEqual(['uses Date.now()']);
    expect(impurities('const at = new Date();', file)).toEqual(['uses new Date() without an argument']);
    expect(impurities('const id = Math.random();', file)).toEqual(['uses Math.random()']);
    expect(impurities('const id = crypto.randomUUID();', file)).toEqual(['uses crypto']);
    expect(impurities('const url = process.env.URL;', file)).toEqual(['uses process']);
    expect(impurities("const m = await import('node:fs');", file)).toEqual(['uses dynamic import()']);
  });

  it('allows parsing a given time, comments about the clock, and the system clock adapter', () => {
    const file = join('order', 'decider.ts');
    expect(impurities("import { z } from 'zod';\nconst end = new Date(command.start).getTime();", file)).toEqual([]);
    expect(impurities('// never call Date.now() here\nconst x = 1;', file)).toEqual([]);
    expect(impurities('export const systemClock = { now: () => new Date() };', join('ports', 'clock.ts'))).toEqual([]);
  });
});
