import { z } from 'zod';
import { AclRuleAnswer, ConfigEntryAnswer, ContentEntityAnswer, LanguageAnswer, PhoneNumberDispenseAnswer, TrackingSourcesAnswer, pageOf } from '../answer-schemas.ts';
import { ContentEntityType } from '../../domain/content/events.ts';
import type { Filter } from '../../domain/ports/view-store.ts';
import type { TrackingSourceView } from '../../projectors/tracking-sources/projection.ts';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { escapeRegex } from '../../projectors/seen.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage, textFilter } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';
import { withParticipants } from '../participants.ts';
import { sourceHitsByDay } from '../tracking-source-days.ts';
import { aclRuleStream } from '../../domain/acl/decider.ts';
import { configEntryStream } from '../../domain/config-entry/decider.ts';
import { languageEntryStream } from '../../domain/language-entry/decider.ts';
import { phoneNumberDispenseStream } from '../../domain/phone-number-dispense/decider.ts';

// What the admin content and settings screens read (SPEC §2 admin-entity-entityType, admin-acl,
// admin-language, admin-config by entryKey, tracking, phone number dispenses): every entity of a type
// (unpublished articles too), one entity with all its fields, and the settings records one at a time
// with `minRevision`, so an editor returns to a list that already shows its write.

/** The view of each content entity type, and its stream category (`<entityType>-<id>`). */
export const CONTENT_COLLECTIONS: Record<ContentEntityType, string> = {
  brand: 'brands', category: 'categories', tag: 'tags', article: 'articles', serviceContract: 'serviceContracts',
};

/** The order an admin list starts in: the tag tree by level and order, articles newest first, the rest by alias. */
const CONTENT_ORDER: Record<ContentEntityType, Record<string, 1 | -1>> = {
  brand: { alias: 1, _id: 1 }, category: { alias: 1, _id: 1 }, tag: { level: 1, order: 1, _id: 1 }, article: { publishedAt: -1, _id: -1 },
  serviceContract: { alias: 1, _id: 1 },
};

/** Words of a name or title in either language, or of the alias, case-insensitive. */
function contentTextFilter(text: string | undefined): Filter {
  if (!text?.trim()) return {};
  const pattern = { $regex: escapeRegex(text.trim()), $options: 'i' };
  return { $or: ['name.he', 'name.en', 'title.he', 'title.en', 'alias'].map((field) => ({ [field]: pattern })) };
}

const EntityId = z.string().min(1).max(100);

export const adminContentList = readRoute({
  path: '/api/admin/entity/:entityType',
  response: pageOf(ContentEntityAnswer),
  summary: 'Every brand, category, tag, article (unpublished ones too) or service contract template, by words of its name or alias (admins)',
  tags: ['admin', 'content'],
  auth: 'admin',
  params: { entityType: ContentEntityType },
  query: {
    ...pagingShape,
    text: z.string().max(200).optional().describe('Words of the name, title or alias.'),
    parentId: EntityId.optional().describe('Tags only: the children of this tag.'),
  },
  async handle({ params, query, views }) {
    const filter: Filter = contentTextFilter(query.text);
    if (query.parentId && params.entityType === 'tag') filter.parentId = query.parentId;
    // Long texts stay out of lists; the entity read has them.
    return listPage(views, CONTENT_COLLECTIONS[params.entityType], filter, {
      sort: CONTENT_ORDER[params.entityType], start: query.start, limit: query.limit, internal: ['body', 'text', 'childIds'],
    });
  },
});

export const adminContentEntity = readRoute({
  path: '/api/admin/entity/:entityType/:id',
  response: ContentEntityAnswer,
  summary: 'One brand, category, tag, article or service contract template with every field (admins)',
  tags: ['admin', 'content'],
  auth: 'admin',
  params: { entityType: ContentEntityType, id: EntityId },
  documentOf: ({ entityType, id }) => ({ collection: CONTENT_COLLECTIONS[entityType], id, streamId: `${entityType}-${id}` }),
  async handle({ params, views }) {
    const doc = await views.byId(CONTENT_COLLECTIONS[params.entityType], params.id);
    if (!doc) throw problems.notFound(`There is no ${params.entityType} ${params.id}.`);
    return publicDocument(doc, ['childIds']);
  },
});

export const adminAclRules = readRoute({
  path: '/api/admin/acl',
  response: pageOf(AclRuleAnswer),
  summary: 'Every access rule, public or not, by asset (admins)',
  tags: ['admin', 'acl'],
  auth: 'admin',
  query: {
    ...pagingShape,
    limit: pagingShape.limit.default(999),
    asset: z.string().max(100).optional().describe('Words of the asset name.'),
  },
  async handle({ query, views }) {
    const filter: Filter = query.asset?.trim() ? { asset: { $regex: escapeRegex(query.asset.trim()), $options: 'i' } } : {};
    return listPage(views, 'aclRules', filter, { sort: { asset: 1, action: 1, _id: 1 }, start: query.start, limit: query.limit });
  },
});

export const adminAclRule = readRoute({
  path: '/api/admin/acl/:ruleId',
  response: AclRuleAnswer,
  summary: 'One access rule (admins)',
  tags: ['admin', 'acl'],
  auth: 'admin',
  params: { ruleId: EntityId },
  documentOf: ({ ruleId }) => ({ collection: 'aclRules', id: ruleId, streamId: aclRuleStream(ruleId) }),
  async handle({ params, views }) {
    const rule = await views.byId('aclRules', params.ruleId);
    if (!rule) throw problems.notFound('There is no such access rule.');
    return publicDocument(rule);
  },
});

export const adminConfigEntry = readRoute({
  path: '/api/admin/config/:key',
  response: ConfigEntryAnswer,
  summary: 'One configuration entry with its value type (admins)',
  tags: ['admin', 'config'],
  auth: 'admin',
  params: { key: z.string().min(1).max(100) },
  documentOf: ({ key }) => ({ collection: 'config', id: key, streamId: configEntryStream(key) }),
  async handle({ params, views }) {
    const entry = await views.byId('config', params.key);
    if (!entry) throw problems.notFound(`There is no configuration entry ${params.key}.`);
    return publicDocument(entry);
  },
});

export const adminLanguageEntry = readRoute({
  path: '/api/admin/languages/:code',
  response: LanguageAnswer,
  summary: 'One language entry, enabled or not (admins)',
  tags: ['admin', 'languages'],
  auth: 'admin',
  params: { code: z.string().min(1).max(20) },
  documentOf: ({ code }) => ({ collection: 'languages', id: code, streamId: languageEntryStream(code) }),
  async handle({ params, views }) {
    const language = await views.byId('languages', params.code);
    if (!language) throw problems.notFound(`There is no language ${params.code}.`);
    return publicDocument(language);
  },
});

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a day as YYYY-MM-DD').refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Must be a real day');
const DAY_MS = 86_400_000;
export const TRACKING_MAX_DAYS = 366;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

export const adminTrackingSources = readRoute({
  path: '/api/admin/tracking/sources',
  response: TrackingSourcesAnswer,
  summary: 'Source tracking (superUsers): hits per utm_source per UTC day in a range of days (default the last 30), most hits first',
  tags: ['admin', 'tracking'],
  auth: 'superUsers',
  query: {
    from: Day.optional().describe('First day, YYYY-MM-DD (UTC); default 29 days before `to`.'),
    to: Day.optional().describe('Last day, YYYY-MM-DD (UTC); default today.'),
  },
  answers: { 422: 'A day is malformed, `from` is after `to`, or the range is longer than 366 days' },
  async handle({ query, views, now }) {
    const to = query.to ?? dayOf(now.getTime());
    const from = query.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS);
    const first = Date.parse(`${from}T00:00:00Z`);
    const last = Date.parse(`${to}T00:00:00Z`);
    const invalid = (field: string, message: string) => new HttpProblem(422, 'Validation failed', { code: 'validation', errors: [{ field, message }] });
    if (first > last) throw invalid('query.from', 'Must not be after to');
    const days: string[] = [];
    for (let time = first; time <= last; time += DAY_MS) days.push(dayOf(time));
    if (days.length > TRACKING_MAX_DAYS) throw invalid('query.from', `The range may hold at most ${TRACKING_MAX_DAYS} days`);
    const hitsByDay = await sourceHitsByDay(views, from, to);
    const sources = hitsByDay.size === 0 ? [] : await views.find<TrackingSourceView>('trackingSources', { _id: { $in: [...hitsByDay.keys()] } });
    const items = sources
      .map((doc) => {
        const counts = hitsByDay.get(doc.source) ?? {};
        const byDay = Object.fromEntries(days.filter((day) => counts[day]).map((day) => [day, counts[day]!]));
        const hits = Object.values(byDay).reduce((sum, count) => sum + count, 0);
        return { source: doc.source, hits, byDay, totalHits: doc.hits, signedInHits: doc.signedInHits, firstHitAt: doc.firstHitAt, lastHitAt: doc.lastHitAt };
      })
      .filter((item) => item.hits > 0)
      .sort((a, b) => b.hits - a.hits || a.source.localeCompare(b.source));
    return { from, to, days, items, total: items.length, hits: items.reduce((sum, item) => sum + item.hits, 0) };
  },
});

export const adminPhoneNumberDispenses = readRoute({
  path: '/api/admin/phone-number-dispenses',
  response: pageOf(PhoneNumberDispenseAnswer),
  summary: "Phone number dispenses (superUsers): who asked for which artist's number and when, newest first",
  tags: ['admin', 'phone-number-dispenses'],
  auth: 'superUsers',
  query: {
    ...pagingShape,
    vendorId: EntityId.optional(),
    text: z.string().max(200).optional().describe("Words of the visitor's name or phone number."),
    sort: sortParam(['dispensedAt'] as const, '-dispensedAt'),
  },
  async handle({ query, views }) {
    const filter: Filter = textFilter(query.text);
    if (query.vendorId) filter.vendorId = query.vendorId;
    const page = await listPage(views, 'phoneNumberDispenses', filter, { sort: sortOf(query.sort), start: query.start, limit: query.limit });
    // The artist's name beside each (read now, so a rename shows at once).
    const named = await withParticipants(views, page.items) as (Record<string, unknown> & { customerName?: unknown; vendorLogoImageUrl?: unknown })[];
    return { ...page, items: named.map(({ customerName: _customer, vendorLogoImageUrl: _logo, ...item }) => item) };
  },
});

export const adminPhoneNumberDispense = readRoute({
  path: '/api/admin/phone-number-dispenses/:id',
  response: PhoneNumberDispenseAnswer,
  summary: 'One phone number dispense with the artist\'s name (superUsers)',
  tags: ['admin', 'phone-number-dispenses'],
  auth: 'superUsers',
  params: { id: EntityId },
  documentOf: ({ id }) => ({ collection: 'phoneNumberDispenses', id, streamId: phoneNumberDispenseStream(id) }),
  async handle({ params, views }) {
    const doc = await views.byId('phoneNumberDispenses', params.id);
    if (!doc) throw problems.notFound('There is no such phone number dispense.');
    const [named] = await withParticipants(views, [publicDocument(doc)]) as (Record<string, unknown> & { customerName?: unknown; vendorLogoImageUrl?: unknown })[];
    const { customerName: _customer, vendorLogoImageUrl: _logo, ...dispense } = named!;
    return dispense;
  },
});

export const adminContentReads: ReadRoute[] = [
  adminContentList, adminContentEntity, adminAclRules, adminAclRule, adminConfigEntry, adminLanguageEntry, adminTrackingSources, adminPhoneNumberDispenses,
  adminPhoneNumberDispense,
];
