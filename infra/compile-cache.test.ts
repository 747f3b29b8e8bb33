import { describe, expect, it } from 'vitest';
import { compileCacheDir, DEFAULT_COMPILE_CACHE_DIR } from './compile-cache.ts';

describe("the module compile cache's directory", () => {
  it("is the checkout's .cache unless the environment names another or turns it off", () => {
    expect(DEFAULT_COMPILE_CACHE_DIR).toMatch(/[/\\]\.cache[/\\]node-compile-cache[/\\]?$/);
    expect(compileCacheDir({})).toBe(DEFAULT_COMPILE_CACHE_DIR);
    expect(compileCacheDir({ NODE_COMPILE_CACHE: '/elsewhere' })).toBe('/elsewhere');
    expect(compileCacheDir({ NODE_COMPILE_CACHE: '/elsewhere', NODE_DISABLE_COMPILE_CACHE: '1' })).toBeUndefined();
  });
});
