import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.ts';

describe('rich text sanitizing (sanitize-html)', () => {
  it('keeps formatting and safe links, drops scripts, handlers, styles, iframes and javascript: URLs', () => {
    const html = sanitizeRichText('<h2>Hi</h2><p style="color:red" onclick="x()"><strong>bold</strong> <a href="https://a.example" onmouseover="y()">a</a></p>'
      + '<script>alert(1)</script><iframe src="https://evil"></iframe><a href="javascript:alert(2)">j</a><img src=x onerror=alert(3)>');
    expect(html).toBe('<h2>Hi</h2><p><strong>bold</strong> <a href="https://a.example" rel="noopener noreferrer nofollow">a</a></p><a rel="noopener noreferrer nofollow">j</a>');
  });
});
