import { describe, expect, it } from 'vitest';
import { localeOfPath, localizedPath, stripLocale, switchLocale } from './locale-path.ts';
import { vendorPath } from './vendor-path.ts';
import { loginPathFor, safeRedirectTarget } from './guards.ts';
import { parseCookies, parseFavoriteIds, serializeCookie } from './cookies.ts';
import { categoryAliasOf } from '../api/adapters.ts';

describe('paths, slugs and cookies', () => {
  it('Hebrew is unprefixed, English lives under /en', () => {
    expect(localeOfPath('/en/search')).toBe('en');
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/english-article')).toBe('he');
    expect(localizedPath('en', '/')).toBe('/en');
    expect(localizedPath('he', '/search')).toBe('/search');
    expect(stripLocale('/en/artists/x')).toBe('/artists/x');
    expect(switchLocale('/en/search', '?text=a&utm_source=x&gclid=1', 'he')).toBe('/search?text=a');
    expect(switchLocale('/', '', 'en')).toBe('/en');
  });

  it('the vendor path: highest-level tag alias (default artist), name slug of the language (default page)', () => {
    const categories = new Map([
      ['t1', { id: 't1', alias: 'bands', name: {}, level: 2, order: 0 }],
      ['t2', { id: 't2', alias: 'singers', name: {}, level: 1, order: 5 }],
      ['t3', { id: 't3', alias: 'djs', name: {}, level: 1, order: 1 }],
    ]);
    expect(categoryAliasOf(['t1', 't2', 't3'], categories)).toBe('djs');
    expect(categoryAliasOf([], categories)).toBe('artist');
    const vendor = { vendorId: 'v1', name: { he: 'נועה כהן', en: 'Noa Cohén!' }, categoryAlias: 'djs' };
    expect(vendorPath(vendor, 'en')).toBe('/artists/djs/v1/noa-cohen');
    expect(decodeURIComponent(vendorPath(vendor, 'he'))).toBe('/artists/djs/v1/נועה-כהן');
    expect(vendorPath({ ...vendor, name: { en: '!!!' } }, 'en')).toBe('/artists/djs/v1/page');
  });

  it('login carries the full path; only same-site paths are followed after login', () => {
    expect(loginPathFor(new Request('http://x/en/checkout?productId=p1&start=2026'))).toBe('/en/user/login?loginRedirect=%2Fen%2Fcheckout%3FproductId%3Dp1%26start%3D2026');
    expect(safeRedirectTarget('/en/search?x=1', '/')).toBe('/en/search?x=1');
    for (const evil of ['//evil.example', 'https://evil.example', '/\\evil.example', null, '']) expect(safeRedirectTarget(evil, '/en')).toBe('/en');
    // A newline cannot go into a Location header, and a browser would drop it, making `//evil.example`.
    for (const evil of ['/\n/evil.example', '/\r\n/x', '/\t/evil.example', '/a b', '/\u0000', '/\u2028/x']) expect(safeRedirectTarget(evil, '/en')).toBe('/en');
  });

  it('cookies: 365 days on path /, guest favorite ids cleaned', () => {
    expect(serializeCookie('favorites', 'a,b')).toBe('favorites=a%2Cb; Path=/; SameSite=Lax; Max-Age=31536000');
    expect(parseCookies('a=1; favorites=a%2Cb; bad=%E0')).toEqual({ a: '1', favorites: 'a,b' });
    expect(parseFavoriteIds('a, b,,a,<script>,c-1')).toEqual(['a', 'b', 'c-1']);
  });
});
