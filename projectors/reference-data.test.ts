import { describe, expect, it } from 'vitest';
import { geoLocationsProjection, type GeoLocationView } from './geo-locations/projection.ts';
import { configProjection, type ConfigView } from './config/projection.ts';
import { languagesProjection, type LanguageView } from './languages/projection.ts';
import { aclProjection, type AclRuleView } from './acl/projection.ts';
import { fold, recorded } from './testing/recorded-event.ts';

const at = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';

describe('geo locations view', () => {
  it('keeps names searchable in both languages and deletes removed places', () => {
    const docs = fold<GeoLocationView>(geoLocationsProjection, [
      recorded('geolocation-g1', { type: 'GeoLocationCreated', data: { id: 'g1', fields: { name: { he: 'חיפה', en: 'Haifa' }, parentId: 'north', lat: 32.8, lng: 35 }, at } }),
      recorded('geolocation-g2', { type: 'GeoLocationCreated', data: { id: 'g2', fields: { name: { en: 'Eilat' }, parentId: null }, at } }),
      recorded('geolocation-g2', { type: 'GeoLocationUpdated', data: { id: 'g2', fields: { name: { he: 'אילת', en: 'Eilat' }, parentId: null }, at: later } }),
      recorded('geolocation-g3', { type: 'GeoLocationCreated', data: { id: 'g3', fields: { name: { en: 'Gone' }, parentId: null }, at } }),
      recorded('geolocation-g3', { type: 'GeoLocationDeleted', data: { id: 'g3', at } }),
    ]);
    expect(Object.keys(docs)).toEqual(['g1', 'g2']);
    expect(docs.g1).toMatchObject({ searchText: 'חיפה haifa', parentId: 'north', lat: 32.8, lng: 35 });
    expect(docs.g2).toMatchObject({ searchText: 'אילת eilat', lat: null, createdAt: at, updatedAt: later });
  });
});

describe('config, languages and ACL views', () => {
  it('config keeps the latest value per key', () => {
    const docs = fold<ConfigView>(configProjection, [
      recorded('config-support.whatsapp', { type: 'ConfigEntrySet', data: { key: 'support.whatsapp', value: '+972500000000', at } }),
      recorded('config-support.whatsapp', { type: 'ConfigEntrySet', data: { key: 'support.whatsapp', value: '+972511111111', at: later } }),
      recorded('config-old', { type: 'ConfigEntrySet', data: { key: 'old', value: 'x', at } }),
      recorded('config-old', { type: 'ConfigEntryDeleted', data: { key: 'old', at } }),
    ]);
    expect(docs).toEqual({ 'support.whatsapp': expect.objectContaining({ key: 'support.whatsapp', value: '+972511111111', updatedAt: later }) });
  });

  it('languages keep names and the enabled flag', () => {
    const docs = fold<LanguageView>(languagesProjection, [
      recorded('language-ru', { type: 'LanguageEntrySet', data: { code: 'ru', name: { he: 'רוסית', en: 'Russian' }, enabled: true, at } }),
      recorded('language-ru', { type: 'LanguageEntrySet', data: { code: 'ru', name: { he: 'רוסית', en: 'Russian' }, enabled: false, at: later } }),
    ]);
    expect(docs.ru).toMatchObject({ code: 'ru', enabled: false, name: { en: 'Russian' } });
  });

  it('ACL keeps rules with their public flag', () => {
    const docs = fold<AclRuleView>(aclProjection, [
      recorded('acl-r1', { type: 'AclRuleSet', data: { ruleId: 'r1', rule: { asset: 'vendor', action: 'read', level: 'all', role: 'guest', public: true }, at } }),
      recorded('acl-r2', { type: 'AclRuleSet', data: { ruleId: 'r2', rule: { asset: 'order', action: 'list', level: 'some', group: 'superUsers', public: false }, at } }),
      recorded('acl-r3', { type: 'AclRuleSet', data: { ruleId: 'r3', rule: { asset: 'x', action: 'delete', level: 'all', public: true }, at } }),
      recorded('acl-r3', { type: 'AclRuleDeleted', data: { ruleId: 'r3', at } }),
    ]);
    expect(Object.keys(docs)).toEqual(['r1', 'r2']);
    expect(docs.r1).toMatchObject({ asset: 'vendor', action: 'read', role: 'guest', group: null, public: true });
    expect(docs.r2).toMatchObject({ role: null, group: 'superUsers', public: false });
  });
});
