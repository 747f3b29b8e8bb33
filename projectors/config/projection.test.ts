import { describe, expect, it } from 'vitest';
import { configProjection, type ConfigView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';

describe('config view', () => {
  it('config keeps the latest value per key', () => {
    const docs = fold<ConfigView>(configProjection, [
      recorded('config-support.whatsapp', { type: 'ConfigEntrySet', data: { key: 'support.whatsapp', value: '+972500000000', at } }),
      recorded('config-support.whatsapp', { type: 'ConfigEntrySet', data: { key: 'support.whatsapp', value: '+972511111111', at: later } }),
      recorded('config-old', { type: 'ConfigEntrySet', data: { key: 'old', value: 'x', at } }),
      recorded('config-old', { type: 'ConfigEntryDeleted', data: { key: 'old', at } }),
      recorded('config-booking.leadDays', { type: 'ConfigEntrySet', data: { key: 'booking.leadDays', value: '3', valueType: 'number', at } }),
    ]);
    expect(docs).toEqual({
      'support.whatsapp': expect.objectContaining({ key: 'support.whatsapp', value: '+972511111111', valueType: 'string', updatedAt: later }),
      'booking.leadDays': expect.objectContaining({ key: 'booking.leadDays', value: '3', valueType: 'number' }),
    });
  });
});
