import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildClientAssets } from './client-bundle.ts';
import { productionBuildOf } from './react-router-production.ts';

// Production runs react-router's production build on the server and in the browser bundle, though its
// package exports name only the development build (web/react-router-production.ts).
const hooks = fileURLToPath(new URL('./jsx-hooks.ts', import.meta.url));
const resolvedUnder = (nodeEnv: string) => execFileSync(process.execPath, ['--import', hooks, '--input-type=module', '-e', "console.log(import.meta.resolve('react-router'))"], {
  env: { ...process.env, NODE_ENV: nodeEnv }, encoding: 'utf8',
}).trim();

describe("react-router's build", () => {
  it('maps a resolved development entry to the production one', () => {
    expect(productionBuildOf('file:///app/node_modules/react-router/dist/development/index.mjs')).toBe('file:///app/node_modules/react-router/dist/production/index.mjs');
    expect(productionBuildOf('C:\\app\\node_modules\\react-router\\dist\\development\\dom-export.mjs')).toBe('C:\\app\\node_modules\\react-router\\dist\\production\\dom-export.mjs');
    expect(productionBuildOf('/app/node_modules/other/dist/development/index.mjs')).toBe('/app/node_modules/other/dist/development/index.mjs');
  });

  it('the server loads the production build in production, the development build otherwise', () => {
    expect(resolvedUnder('production')).toMatch(/\/react-router\/dist\/production\/index\.mjs$/);
    expect(resolvedUnder('development')).toMatch(/\/react-router\/dist\/development\/index\.mjs$/);
  });

  it('the production bundle holds the production build only', async () => {
    const assets = await buildClientAssets({ production: true });
    const maps = [...assets.files].filter(([name]) => name.endsWith('.map')).map(([, file]) => file.body.toString());
    expect(maps.some((map) => /react-router\/dist\/production\//.test(map))).toBe(true);
    expect(maps.some((map) => /react-router\/dist\/development\//.test(map))).toBe(false);
  }, 120_000);
});
