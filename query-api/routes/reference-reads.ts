import { z } from 'zod';
import { AclRuleAnswer, ConfigEntryAnswer, GeoLocationAnswer, LanguageAnswer, pageOf } from '../answer-schemas.ts';
import type { Filter } from '../../domain/ports/view-store.ts';
import { isAdmin } from '../../domain/shared/actor.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape } from '../paging.ts';
import { listPage, textFilter } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';

// Reference data: geo locations, public ACL rules, public configuration, languages.

/**
 * Decision: config entries are admin-editable and may hold anything, so only keys under these
 * prefixes are public (the support WhatsApp number, the site name); admins read all at /api/admin/config.
 */
export const PUBLIC_CONFIG_PREFIXES = ['site.', 'support.', 'public.'];

export const geoLocations = readRoute({
  path: '/api/entity/geoLocation',
  response: pageOf(GeoLocationAnswer),
  summary: 'Geo locations, filtered by name (Hebrew or English) or parent',
  tags: ['reference'],
  auth: 'public',
  query: {
    ...pagingShape,
    limit: pagingShape.limit.default(999),
    name: z.string().max(100).optional().describe('Words of the name.'),
    parentId: z.string().min(1).max(100).optional(),
  },
  async handle({ query, views, locale }) {
    const filter: Filter = textFilter(query.name);
    if (query.parentId) filter.parentId = query.parentId;
    return listPage(views, 'geoLocations', filter, { sort: { [locale === 'en-US' ? 'name.en' : 'name.he']: 1, _id: 1 }, start: query.start, limit: query.limit });
  },
});

export const geoLocationById = readRoute({
  path: '/api/entity/geoLocation/:id',
  response: GeoLocationAnswer,
  summary: 'One geo location',
  tags: ['reference'],
  auth: 'public',
  params: { id: z.string().min(1).max(100) },
  async handle({ params, views }) {
    const place = await views.byId('geoLocations', params.id);
    if (!place) throw problems.notFound('There is no such geo location.');
    return publicDocument(place);
  },
});

export const publicAcl = readRoute({
  path: '/api/acl/public',
  response: pageOf(AclRuleAnswer),
  summary: 'Public access rules (asset, action, level) the browser shapes menus with',
  tags: ['reference'],
  auth: 'public',
  async handle({ views }) {
    const rules = await views.find('aclRules', { public: true }, { sort: { asset: 1, action: 1, _id: 1 } });
    return { items: rules.map((rule) => publicDocument(rule)), total: rules.length };
  },
});

export const publicConfig = readRoute({
  path: '/api/config',
  response: pageOf(ConfigEntryAnswer),
  summary: `Public configuration entries (keys starting with ${PUBLIC_CONFIG_PREFIXES.join(', ')})`,
  tags: ['reference'],
  auth: 'public',
  async handle({ views }) {
    const prefixes = PUBLIC_CONFIG_PREFIXES.map((prefix) => `^${prefix.replace('.', '\\.')}`).join('|');
    const entries = await views.find('config', { key: { $regex: prefixes } }, { sort: { key: 1 } });
    return { items: entries.map((entry) => publicDocument(entry)), total: entries.length };
  },
});

export const adminConfig = readRoute({
  path: '/api/admin/config',
  response: pageOf(ConfigEntryAnswer),
  summary: 'Every configuration entry (admins)',
  tags: ['admin', 'reference'],
  auth: 'admin',
  query: { ...pagingShape, limit: pagingShape.limit.default(999) },
  async handle({ views, query }) {
    return listPage(views, 'config', {}, { sort: { key: 1 }, start: query.start, limit: query.limit });
  },
});

export const languageList = readRoute({
  path: '/api/languages',
  response: pageOf(LanguageAnswer),
  summary: 'Languages a vendor can list (enabled ones; admins may ask for all)',
  tags: ['reference'],
  auth: 'public',
  query: { all: z.enum(['true', 'false']).optional().describe('true (admins): also disabled languages.') },
  answers: { 403: 'all=true by someone who is not an admin' },
  async handle({ views, query, actor }) {
    if (query.all === 'true' && !isAdmin(actor)) throw problems.forbidden('Only admins see disabled languages.');
    const filter: Filter = query.all === 'true' ? {} : { enabled: true };
    const languages = await views.find('languages', filter, { sort: { code: 1 } });
    return { items: languages.map((language) => publicDocument(language)), total: languages.length };
  },
});

export const referenceReads: ReadRoute[] = [geoLocations, geoLocationById, publicAcl, publicConfig, adminConfig, languageList];
