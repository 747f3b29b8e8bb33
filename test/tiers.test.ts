import { globSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testFilesByTier, tierOf, tiers } from './tiers.ts';

const root = join(import.meta.dirname, '..');

describe('test tiers (the vitest projects)', () => {
  it('put every test file in exactly one tier', () => {
    const byTier = testFilesByTier(root);
    const tiered = tiers.flatMap((tier) => byTier[tier]).sort();
    const all = globSync('**/*.test.{ts,tsx}', {
      cwd: root,
      exclude: (name) => ['node_modules', '.tools', 'data', '.services', '.git'].includes(name),
    }).map((path) => path.split('\\').join('/')).sort();
    expect(tiered).toEqual(all);
    expect(new Set(tiered).size).toBe(tiered.length);
    for (const tier of tiers) expect(byTier[tier].length, tier).toBeGreaterThan(0);
  });

  // The sample sources are written with a % in each name so that this file's own text does not match the
  // rules (it would land in another tier than unit): `source` takes the % out.
  const source = (text: string): string => text.replaceAll('%', '');
  it('classify a file by what it uses, the heaviest need first', () => {
    expect(tierOf('domain/order/decider.test.ts', source("import { decide } from './decider.ts';"))).toBe('unit');
    expect(tierOf('web/test/orders.browser.test.ts', source("import { start%TestMarketplace } from './marketplace.ts';"))).toBe('browser');
    expect(tierOf('infra/mail/mail.test.ts', source("import { chromium } from 'playwright%-core';\nimport { start%Marketplace } from '../../main%.ts';"))).toBe('browser');
    expect(tierOf('infra/cache/redis-cache.test.ts', source("import { describeWithEngine } from '../../test/real-engines%.ts';"))).toBe('engine');
    expect(tierOf('main.health.test.ts', source("import { describeWithEngine } from './test/real-engines%.ts';\nimport { start%Marketplace } from './main%.ts';"))).toBe('engine');
    expect(tierOf('query-api/x.test.ts', source("import { start%FullStack } from '../test/full-stack%.ts';"))).toBe('full-stack');
    expect(tierOf('replay/replay-cli.test.ts', source("import { execFile } from 'node:child%_process';"))).toBe('full-stack');
    expect(tierOf('projectors/rebuild-split.test.ts', source("import { planSplit } from './rebuild-split%.ts';"))).toBe('full-stack');
  });
});
