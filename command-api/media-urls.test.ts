import { describe, expect, it } from 'vitest';
import { isWebUrl } from './media-urls.ts';

// Media URLs end up in src attributes and CSS url(): absolute http(s) URLs and paths on this site only.
describe('isWebUrl', () => {
  it('takes absolute http(s) URLs and paths on this site', () => {
    expect(isWebUrl('https://cdn.example.com/a.jpg')).toBe(true);
    expect(isWebUrl('http://example.com/a.jpg')).toBe(true);
    expect(isWebUrl('/demo/scene-singers.11d476a449.jpg')).toBe(true);
    expect(isWebUrl('/media/abc/photo.webp')).toBe(true);
  });

  it('refuses scripts, data, protocol-relative and other relative URLs', () => {
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.jpg', '/\\evil.example/a.jpg', 'demo/a.jpg', '../a.jpg', '/a b.jpg', '/a.jpg")', 'https://user:pw@example.com/a.jpg']) {
      expect(isWebUrl(url), url).toBe(false);
    }
  });
});
