import { describe, expect, it } from 'vitest';
import { linkTarget } from './rich-text-editor.tsx';

describe('the rich-text editor\'s link field', () => {
  it('takes web, e-mail and phone addresses, makes a bare address https, and refuses anything else', () => {
    expect(linkTarget('https://habama.example/a')).toBe('https://habama.example/a');
    expect(linkTarget(' mailto:dana@example.com ')).toBe('mailto:dana@example.com');
    expect(linkTarget('tel:+972501234567')).toBe('tel:+972501234567');
    expect(linkTarget('habama.example/about')).toBe('https://habama.example/about');
    expect(linkTarget('javascript:alert(1)')).toBeNull();
    expect(linkTarget('data:text/html,x')).toBeNull();
    expect(linkTarget('')).toBeNull();
  });
});
