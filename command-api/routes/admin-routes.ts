import { z } from 'zod';
import { aclDecider, aclRuleStream } from '../../domain/acl/decider.ts';
import { AclRule } from '../../domain/acl/events.ts';
import { configEntryDecider, configEntryStream } from '../../domain/config-entry/decider.ts';
import { ConfigKey } from '../../domain/config-entry/events.ts';
import { configValueProblem, ConfigValueType, normalizedConfigValue } from '../../domain/config-entry/config-value.ts';
import { contentDecider, contentStream } from '../../domain/content/decider.ts';
import { ContentEntityType, ContentFields as ContentFieldsSchema } from '../../domain/content/events.ts';
import { contentMediaUrls, withWebMediaUrls } from '../media-urls.ts';
import { geoLocationDecider, geoLocationStream } from '../../domain/geo-location/decider.ts';
import { GeoLocationFields } from '../../domain/geo-location/events.ts';
import { languageEntryDecider, languageEntryStream } from '../../domain/language-entry/decider.ts';
import { LanguageCode } from '../../domain/language-entry/events.ts';
import { Id } from '../../domain/shared/ids.ts';
import { translatable } from '../../domain/shared/translatable.ts';
import { HttpProblem } from '../../infra/http/problem.ts';
import type { CommandDeps } from '../command-deps.ts';
import type { CommandRoute } from '../command-route.ts';
import { recordRoutes } from '../record-routes.ts';

// Admin-managed records (SPEC §1 admins; SPEC §2 admin-entity-entityType): content (brand, category,
// tag, article), geo locations, config entries, language entries and ACL rules, one row each of
// record-routes.ts. Content and geo location creation may be given an id (the demo seed uses stable
// ids); otherwise one is made. Config entries and languages are set by their key (PUT), never posted.

const ContentFields = withWebMediaUrls(ContentFieldsSchema, contentMediaUrls);

function requireMatchingType(pathType: string, fields: { entityType: string }): void {
  if (fields.entityType !== pathType) {
    throw new HttpProblem(422, 'Validation failed', {
      code: 'validation', errors: [{ field: 'entityType', message: `Must be ${pathType}, as in the path` }],
    });
  }
}

export function adminRoutes(deps: CommandDeps): CommandRoute[] {
  const geoLocations = deps.aggregate(geoLocationDecider, geoLocationStream);
  const configEntries = deps.aggregate(configEntryDecider, configEntryStream);
  const languageEntries = deps.aggregate(languageEntryDecider, languageEntryStream);
  const aclRules = deps.aggregate(aclDecider, aclRuleStream);
  // A content record's entity type is its stream category (`brand-<id>`, …).
  const contents = (entityType: ContentEntityType) => deps.aggregate(contentDecider, (id) => contentStream(entityType, id));
  return [
    ...recordRoutes(({ entityType }: { entityType: ContentEntityType }) => contents(entityType))({
      path: '/api/admin/entity/:entityType', key: 'id', params: z.strictObject({ entityType: ContentEntityType, id: Id }), tags: ['admin', 'content'],
      create: {
        summary: 'Create a brand, category, tag, article or service contract template (admin)',
        body: z.strictObject({ id: Id.optional(), fields: ContentFields }),
        check: ({ entityType }, body) => requireMatchingType(entityType, body.fields),
        command: (id, body) => ({ type: 'CreateContent', id, fields: body.fields }),
      },
      update: {
        summary: 'Update a content entity (admin)', body: z.strictObject({ fields: ContentFields }),
        check: ({ entityType }, body) => requireMatchingType(entityType, body.fields),
        command: (id, body) => ({ type: 'UpdateContent', id, fields: body.fields }),
      },
      delete: { summary: 'Delete a content entity (admin)', command: (id, { entityType }) => ({ type: 'DeleteContent', id, entityType }) },
    }),
    ...recordRoutes(() => geoLocations)({
      path: '/api/admin/geo-locations', key: 'id', params: z.strictObject({ id: Id }), tags: ['admin', 'geo'],
      create: {
        summary: 'Create a geo location (admin)', body: z.strictObject({ id: Id.optional(), fields: GeoLocationFields }),
        command: (id, body) => ({ type: 'CreateGeoLocation', id, fields: body.fields }),
      },
      update: {
        summary: 'Update a geo location (admin)', body: z.strictObject({ fields: GeoLocationFields }),
        command: (id, body) => ({ type: 'UpdateGeoLocation', id, fields: body.fields }),
      },
      delete: { summary: 'Delete a geo location (admin)', command: (id) => ({ type: 'DeleteGeoLocation', id }) },
    }),
    ...recordRoutes(() => configEntries)({
      path: '/api/admin/config', key: 'key', params: z.strictObject({ key: ConfigKey }), tags: ['admin', 'config'],
      update: {
        summary: 'Set a configuration entry of a type: string (default), number, boolean or JSON (admin)',
        body: z.strictObject({ value: z.string().max(10_000), valueType: ConfigValueType.default('string') }),
        // The decider refuses the same; checked here first so the 422 names the field.
        check: ({ key }, body) => {
          const problem = configValueProblem(key, body.valueType, normalizedConfigValue(key, body.value));
          if (problem) throw new HttpProblem(422, 'Validation failed', { code: 'validation', errors: [{ field: 'value', message: problem }] });
        },
        command: (key, body) => ({ type: 'SetConfigEntry', key, value: normalizedConfigValue(key, body.value), valueType: body.valueType }),
      },
      delete: { summary: 'Delete a configuration entry (admin)', command: (key) => ({ type: 'DeleteConfigEntry', key }) },
    }),
    ...recordRoutes(() => languageEntries)({
      path: '/api/admin/languages', key: 'code', params: z.strictObject({ code: LanguageCode }), tags: ['admin', 'languages'],
      update: {
        summary: 'Set a language entry (admin)', body: z.strictObject({ name: translatable({ max: 100 }), enabled: z.boolean() }),
        command: (code, body) => ({ type: 'SetLanguageEntry', code, name: body.name, enabled: body.enabled }),
      },
      delete: { summary: 'Delete a language entry (admin)', command: (code) => ({ type: 'DeleteLanguageEntry', code }) },
    }),
    ...recordRoutes(() => aclRules)({
      path: '/api/admin/acl', key: 'ruleId', params: z.strictObject({ ruleId: Id }), tags: ['admin', 'acl'],
      // A new rule always gets a new id (the body has none).
      create: { summary: 'Create an access rule (admin)', body: z.strictObject({ rule: AclRule }), command: (ruleId, body) => ({ type: 'SetAclRule', ruleId, rule: body.rule }) },
      update: { summary: 'Replace an access rule (admin)', body: z.strictObject({ rule: AclRule }), command: (ruleId, body) => ({ type: 'SetAclRule', ruleId, rule: body.rule }) },
      delete: { summary: 'Delete an access rule (admin)', command: (ruleId) => ({ type: 'DeleteAclRule', ruleId }) },
    }),
  ];
}
