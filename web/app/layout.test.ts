import { describe, expect, it } from 'vitest';
import { menuSectionOf } from './layout.tsx';

describe('menuSectionOf', () => {
  it('is the path in lower case to its second segment: what decides which menu link is active', () => {
    expect(menuSectionOf('/')).toBe('/');
    expect(menuSectionOf('/en')).toBe('/en');
    expect(menuSectionOf('/artists/bands/vendor-1/name')).toBe('/artists/bands');
    expect(menuSectionOf('/en/Artists/bands/vendor-1')).toBe('/en/artists');
    expect(menuSectionOf('/en/artists/')).toBe('/en/artists');
    expect(menuSectionOf('/artistsx')).toBe('/artistsx');
  });
});
