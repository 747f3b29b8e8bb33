import { describe, expect, it } from 'vitest';
import { isForeignFormPost } from './form-post-origin.ts';

describe('isForeignFormPost', () => {
  it('lets a post from the page\'s own origin through', () => {
    expect(isForeignFormPost({ origin: 'http://localhost:3000', host: 'localhost:3000' })).toBe(false);
    expect(isForeignFormPost({ origin: 'https://habama.co.il', secFetchSite: 'same-origin', host: 'habama.co.il' })).toBe(false);
  });

  it('refuses a post from another site, a sibling subdomain or an opaque origin', () => {
    expect(isForeignFormPost({ origin: 'https://evil.example', host: 'habama.co.il' })).toBe(true);
    expect(isForeignFormPost({ origin: 'https://shop.habama.co.il', host: 'habama.co.il' })).toBe(true);
    expect(isForeignFormPost({ origin: 'http://habama.co.il', host: 'habama.co.il:8443' })).toBe(true);
    expect(isForeignFormPost({ origin: 'null', host: 'habama.co.il' })).toBe(true);
    expect(isForeignFormPost({ origin: 'not a url', host: 'habama.co.il' })).toBe(true);
  });

  it('reads fetch metadata when there is no Origin header', () => {
    expect(isForeignFormPost({ secFetchSite: 'cross-site', host: 'habama.co.il' })).toBe(true);
    expect(isForeignFormPost({ secFetchSite: 'same-site', host: 'habama.co.il' })).toBe(true);
    expect(isForeignFormPost({ secFetchSite: 'same-origin', host: 'habama.co.il' })).toBe(false);
    expect(isForeignFormPost({ secFetchSite: 'none', host: 'habama.co.il' })).toBe(false);
  });

  it('lets a client that sends neither header through (it has no browser cookies to misuse)', () => {
    expect(isForeignFormPost({ host: 'habama.co.il' })).toBe(false);
  });
});
