import { describe, expect, it } from 'vitest';
import { serviceContractsProjection, type ServiceContractTemplateView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const fields = (title: string, amountMinor: number) => ({
  entityType: 'serviceContract' as const, title: { he: title, en: title }, alias: 'wedding-show', text: { he: 'שני סטים.', en: 'Two sets.' },
  price: { amountMinor, currency: 'ILS' as const },
});

describe('service contract templates view', () => {
  it('keeps the latest terms and price of each template, forgets deleted ones, and ignores other content', () => {
    const docs = fold<ServiceContractTemplateView>(serviceContractsProjection, [
      recorded('serviceContract-s1', { type: 'ContentCreated', data: { id: 's1', fields: fields('Wedding show', 300_000), at: '2026-01-01T00:00:00.000Z' } }),
      recorded('serviceContract-s1', { type: 'ContentUpdated', data: { id: 's1', fields: fields('Wedding show, two sets', 350_000), at: '2026-01-02T00:00:00.000Z' } }),
      recorded('serviceContract-s2', { type: 'ContentCreated', data: { id: 's2', fields: fields('Gone', 1), at: '2026-01-01T00:00:00.000Z' } }),
      recorded('serviceContract-s2', { type: 'ContentDeleted', data: { id: 's2', entityType: 'serviceContract', at: '2026-01-03T00:00:00.000Z' } }),
      recorded('category-c1', { type: 'ContentCreated', data: { id: 'c1', fields: { entityType: 'category', name: { en: 'News' }, alias: 'news' }, at: '2026-01-01T00:00:00.000Z' } }),
    ]);
    expect(Object.keys(docs)).toEqual(['s1']);
    expect(docs.s1).toMatchObject({
      id: 's1', title: { en: 'Wedding show, two sets' }, alias: 'wedding-show', text: { en: 'Two sets.' }, price: { amountMinor: 350_000, currency: 'ILS' },
      createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z',
    });
  });
});
