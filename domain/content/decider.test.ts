import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import { CreateContent, type ContentCommand } from './commands.ts';
import { contentDecider } from './decider.ts';
import type { ContentEvent, ContentFields } from './events.ts';

const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: [], vendorId: null };
const vendor: Actor = { userId: 'user-dana', roles: ['user', 'vendor'], groups: [], vendorId: 'vendor-1' };

const tag: ContentFields = { entityType: 'tag', name: { he: 'להקות', en: 'Bands' }, alias: 'bands', level: 1, order: 2, parentId: 'tag-root' };
const renamed: ContentFields = { ...tag, name: { he: 'להקות חיות', en: 'Live bands' } };
const article: ContentFields = {
  entityType: 'article', title: { he: 'איך לבחור להקה' }, alias: 'choosing-a-band', body: { he: '<p>…</p>' }, kind: 'blog',
  categoryId: null, publishedAt: at,
};

const created: ContentEvent = { type: 'ContentCreated', data: { id: 'tag-1', fields: tag, at } };
const deleted: ContentEvent = { type: 'ContentDeleted', data: { id: 'tag-1', entityType: 'tag', at: later } };
const create = (actor: Actor, fields: ContentFields = tag): ContentCommand => ({ type: 'CreateContent', actor, at, id: 'tag-1', fields });
const update = (actor: Actor, fields: ContentFields = renamed): ContentCommand => ({ type: 'UpdateContent', actor, at: later, id: 'tag-1', fields });
const remove = (actor: Actor, entityType: ContentFields['entityType'] = 'tag'): ContentCommand =>
  ({ type: 'DeleteContent', actor, at: later, id: 'tag-1', entityType });

describe('content decider (brand, category, tag, article, serviceContract)', () => {
  describe('CreateContent', () => {
    it('an admin creates a tag or an article', () => {
      spec(contentDecider).given([]).when(create(admin)).then([created]);
      spec(contentDecider).given([]).when(create(admin, article)).then([{ type: 'ContentCreated', data: { id: 'tag-1', fields: article, at } }]);
    });
    it('a non-admin is refused', () => {
      expect(spec(contentDecider).given([]).when(create(vendor)).thenRefused('content.forbidden').kind).toBe('forbidden');
    });
    it('an existing or deleted id is refused', () => {
      expect(spec(contentDecider).given([created]).when(create(admin)).thenRefused('content.exists').kind).toBe('conflict');
      spec(contentDecider).given([created, deleted]).when(create(admin)).thenRefused('content.exists');
    });
    it('an admin creates a service contract template with its terms and price in agorot', () => {
      const template: ContentFields = {
        entityType: 'serviceContract', title: { he: 'הופעה בחתונה', en: 'Wedding show' }, alias: 'wedding-show',
        text: { he: 'שני סטים של 45 דקות.', en: 'Two sets of 45 minutes.' }, price: { amountMinor: 350_000, currency: 'ILS' },
      };
      spec(contentDecider).given([]).when(create(admin, template)).then([{ type: 'ContentCreated', data: { id: 'tag-1', fields: template, at } }]);
      expect(CreateContent.safeParse({ ...create(admin, template), fields: { ...template, price: { amountMinor: -1, currency: 'ILS' } } }).success).toBe(false);
      expect(CreateContent.safeParse({ ...create(admin, template), fields: { ...template, text: {} } }).success).toBe(false);
    });
    it('the command refuses an alias that is not URL-safe', () => {
      expect(CreateContent.safeParse({ ...create(admin), fields: { ...tag, alias: 'Live Bands' } }).success).toBe(false);
      expect(CreateContent.safeParse(create(admin)).success).toBe(true);
    });
  });

  describe('UpdateContent', () => {
    it('an admin updates', () => {
      spec(contentDecider).given([created]).when(update(admin)).then([{ type: 'ContentUpdated', data: { id: 'tag-1', fields: renamed, at: later } }]);
    });
    it('a non-admin is refused', () => {
      spec(contentDecider).given([created]).when(update(vendor)).thenRefused('content.forbidden');
    });
    it('a missing or deleted entry is not found', () => {
      expect(spec(contentDecider).given([]).when(update(admin)).thenRefused('content.not-found').kind).toBe('not_found');
      spec(contentDecider).given([created, deleted]).when(update(admin)).thenRefused('content.not-found');
    });
    it('the entity type never changes', () => {
      spec(contentDecider).given([created]).when(update(admin, article)).thenRefused('content.type-mismatch');
    });
  });

  describe('DeleteContent', () => {
    it('an admin deletes', () => {
      spec(contentDecider).given([created]).when(remove(admin)).then([deleted]);
    });
    it('a non-admin is refused', () => {
      spec(contentDecider).given([created]).when(remove(vendor)).thenRefused('content.forbidden');
    });
    it('a missing or already deleted entry is not found', () => {
      spec(contentDecider).given([]).when(remove(admin)).thenRefused('content.not-found');
      spec(contentDecider).given([created, deleted]).when(remove(admin)).thenRefused('content.not-found');
    });
    it('the entity type must match', () => {
      spec(contentDecider).given([created]).when(remove(admin, 'article')).thenRefused('content.type-mismatch');
    });
  });

  it('folds to the latest fields', () => {
    const { state } = spec(contentDecider).given([created, { type: 'ContentUpdated', data: { id: 'tag-1', fields: renamed, at: later } }]);
    expect(state).toEqual({ status: 'present', fields: renamed });
  });
});
