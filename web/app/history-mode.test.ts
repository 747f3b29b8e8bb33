import { describe, expect, it } from 'vitest';
import { historyModeOf } from './history-mode.ts';

describe('the browser router\'s history (SPEC §9)', () => {
  it('is web history in production and on every server-rendered page; hash history only without a server pass outside production', () => {
    expect(historyModeOf({ production: true, serverRendered: true })).toBe('web');
    expect(historyModeOf({ production: true, serverRendered: false })).toBe('web');
    expect(historyModeOf({ production: false, serverRendered: true })).toBe('web');
    expect(historyModeOf({ production: false, serverRendered: false })).toBe('hash');
  });
});
