import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('formatFileSize', () => {
  it('reads in binary units with a decimal only below 10', () => {
    expect(formatFileSize(512, 'en')).toBe('512 bytes');
    expect(formatFileSize(12 * 1024 + 300, 'en')).toBe('12 kB');
    expect(formatFileSize(3.45 * 1024 * 1024, 'en')).toBe('3.5 MB');
    expect(formatFileSize(100 * 1024 * 1024, 'en')).toBe('100 MB');
  });
  it('writes the units in Hebrew on Hebrew pages', () => {
    expect(formatFileSize(100 * 1024 * 1024, 'he')).toBe('100 מגה\u2011בייט');
    expect(formatFileSize(2048, 'he')).toBe('2 קילו\u2011בייט');
  });
});
