import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { jsxTransformCache } from './jsx-transform-cache.ts';

const dir = mkdtempSync(join(tmpdir(), 'jsx-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the .tsx modules' transform kept between starts", () => {
  it('answers a source it kept without transforming it again, and transforms a changed one, in place of the old', () => {
    const transform = vi.fn((source: string) => `compiled(${source})`);
    const first = jsxTransformCache(dir, 'settings');
    expect(first('/app/page.tsx', 'a', () => transform('a'))).toBe('compiled(a)');
    // Another start: the same source is answered from the file.
    const again = jsxTransformCache(dir, 'settings');
    expect(again('/app/page.tsx', 'a', () => transform('a'))).toBe('compiled(a)');
    expect(transform).toHaveBeenCalledTimes(1);
    expect(again('/app/page.tsx', 'b', () => transform('b'))).toBe('compiled(b)');
    expect(transform).toHaveBeenCalledTimes(2);
    expect(readdirSync(join(dir, 'jsx'))).toHaveLength(1);
    // Other settings or another module: kept apart.
    expect(jsxTransformCache(dir, 'other')('/app/page.tsx', 'b', () => 'other(b)')).toBe('other(b)');
    expect(again('/app/other.tsx', 'b', () => 'module(b)')).toBe('module(b)');
    expect(readdirSync(join(dir, 'jsx'))).toHaveLength(3);
  });

  it('transforms every time without a directory', () => {
    const transform = vi.fn(() => 'code');
    const none = jsxTransformCache(undefined, 'settings');
    none('/app/page.tsx', 'a', transform);
    none('/app/page.tsx', 'a', transform);
    expect(transform).toHaveBeenCalledTimes(2);
  });
});
