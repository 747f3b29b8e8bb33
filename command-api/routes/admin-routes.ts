import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { aclDecider } from '../../domain/acl/decider.ts';
import { AclRule } from '../../domain/acl/events.ts';
import { configEntryDecider } from '../../domain/config-entry/decider.ts';
import { ConfigKey } from '../../domain/config-entry/events.ts';
import { contentDecider } from '../../domain/content/decider.ts';
import { ContentEntityType, ContentFields } from '../../domain/content/events.ts';
import { geoLocationDecider } from '../../domain/geo-location/decider.ts';
import { GeoLocationFields } from '../../domain/geo-location/events.ts';
import { languageEntryDecider } from '../../domain/language-entry/decider.ts';
import { LanguageCode } from '../../domain/language-entry/events.ts';
import { Id, streamId } from '../../domain/shared/ids.ts';
import { translatable } from '../../domain/shared/translatable.ts';
import { HttpProblem } from '../../infra/http/problem.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { WriteResult } from '../write-result.ts';

// Admin-managed records (SPEC §1 admins; SPEC §2 admin-entity-entityType): content (brand, category,
// tag, article), geo locations, config entries, language entries and ACL rules. Content creation
// may be given an id (the demo seed uses stable ids); otherwise one is made.

const EntityParams = z.strictObject({ entityType: ContentEntityType });
const EntityIdParams = z.strictObject({ entityType: ContentEntityType, id: Id });

function requireMatchingType(pathType: string, fields: { entityType: string }): void {
  if (fields.entityType !== pathType) {
    throw new HttpProblem(422, 'Validation failed', {
      code: 'validation', errors: [{ field: 'entityType', message: `Must be ${pathType}, as in the path` }],
    });
  }
}

export function adminRoutes(deps: CommandDeps): CommandRoute[] {
  return [
    defineRoute({
      method: 'post', path: '/api/admin/entity/:entityType', summary: 'Create a brand, category, tag or article (admin)', tags: ['admin', 'content'], auth: 'admin',
      params: EntityParams, body: z.strictObject({ id: Id.optional(), fields: ContentFields }), response: WriteResult, successStatus: 201,
    }, async ({ params, body, context }) => {
      requireMatchingType(params.entityType, body.fields);
      const id = body.id ?? randomUUID();
      const outcome = await deps.execute(context, streamId(params.entityType, id), contentDecider, {
        type: 'CreateContent', actor: context.actor, at: context.at, id, fields: body.fields,
      });
      return written(id, outcome, 201);
    }),

    defineRoute({
      method: 'put', path: '/api/admin/entity/:entityType/:id', summary: 'Update a content entity (admin)', tags: ['admin', 'content'], auth: 'admin',
      params: EntityIdParams, body: z.strictObject({ fields: ContentFields }), response: WriteResult,
    }, async ({ params, body, context }) => {
      requireMatchingType(params.entityType, body.fields);
      const outcome = await deps.execute(context, streamId(params.entityType, params.id), contentDecider, {
        type: 'UpdateContent', actor: context.actor, at: context.at, id: params.id, fields: body.fields,
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'delete', path: '/api/admin/entity/:entityType/:id', summary: 'Delete a content entity (admin)', tags: ['admin', 'content'], auth: 'admin',
      params: EntityIdParams, response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await deps.execute(context, streamId(params.entityType, params.id), contentDecider, {
        type: 'DeleteContent', actor: context.actor, at: context.at, id: params.id, entityType: params.entityType,
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/admin/geo-locations', summary: 'Create a geo location (admin)', tags: ['admin', 'geo'], auth: 'admin',
      body: z.strictObject({ id: Id.optional(), fields: GeoLocationFields }), response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      const id = body.id ?? randomUUID();
      const outcome = await deps.execute(context, streamId('geolocation', id), geoLocationDecider, {
        type: 'CreateGeoLocation', actor: context.actor, at: context.at, id, fields: body.fields,
      });
      return written(id, outcome, 201);
    }),

    defineRoute({
      method: 'put', path: '/api/admin/geo-locations/:id', summary: 'Update a geo location (admin)', tags: ['admin', 'geo'], auth: 'admin',
      params: z.strictObject({ id: Id }), body: z.strictObject({ fields: GeoLocationFields }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await deps.execute(context, streamId('geolocation', params.id), geoLocationDecider, {
        type: 'UpdateGeoLocation', actor: context.actor, at: context.at, id: params.id, fields: body.fields,
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'delete', path: '/api/admin/geo-locations/:id', summary: 'Delete a geo location (admin)', tags: ['admin', 'geo'], auth: 'admin',
      params: z.strictObject({ id: Id }), response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await deps.execute(context, streamId('geolocation', params.id), geoLocationDecider, {
        type: 'DeleteGeoLocation', actor: context.actor, at: context.at, id: params.id,
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'put', path: '/api/admin/config/:key', summary: 'Set a configuration entry (admin)', tags: ['admin', 'config'], auth: 'admin',
      params: z.strictObject({ key: ConfigKey }), body: z.strictObject({ value: z.string().max(10_000) }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await deps.execute(context, streamId('config', params.key), configEntryDecider, {
        type: 'SetConfigEntry', actor: context.actor, at: context.at, key: params.key, value: body.value,
      });
      return written(params.key, outcome);
    }),

    defineRoute({
      method: 'delete', path: '/api/admin/config/:key', summary: 'Delete a configuration entry (admin)', tags: ['admin', 'config'], auth: 'admin',
      params: z.strictObject({ key: ConfigKey }), response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await deps.execute(context, streamId('config', params.key), configEntryDecider, {
        type: 'DeleteConfigEntry', actor: context.actor, at: context.at, key: params.key,
      });
      return written(params.key, outcome);
    }),

    defineRoute({
      method: 'put', path: '/api/admin/languages/:code', summary: 'Set a language entry (admin)', tags: ['admin', 'languages'], auth: 'admin',
      params: z.strictObject({ code: LanguageCode }), body: z.strictObject({ name: translatable({ max: 100 }), enabled: z.boolean() }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await deps.execute(context, streamId('language', params.code), languageEntryDecider, {
        type: 'SetLanguageEntry', actor: context.actor, at: context.at, code: params.code, name: body.name, enabled: body.enabled,
      });
      return written(params.code, outcome);
    }),

    defineRoute({
      method: 'delete', path: '/api/admin/languages/:code', summary: 'Delete a language entry (admin)', tags: ['admin', 'languages'], auth: 'admin',
      params: z.strictObject({ code: LanguageCode }), response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await deps.execute(context, streamId('language', params.code), languageEntryDecider, {
        type: 'DeleteLanguageEntry', actor: context.actor, at: context.at, code: params.code,
      });
      return written(params.code, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/admin/acl', summary: 'Create an access rule (admin)', tags: ['admin', 'acl'], auth: 'admin',
      body: z.strictObject({ rule: AclRule }), response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      const ruleId = randomUUID();
      const outcome = await deps.execute(context, streamId('acl', ruleId), aclDecider, {
        type: 'SetAclRule', actor: context.actor, at: context.at, ruleId, rule: body.rule,
      });
      return written(ruleId, outcome, 201);
    }),

    defineRoute({
      method: 'put', path: '/api/admin/acl/:ruleId', summary: 'Replace an access rule (admin)', tags: ['admin', 'acl'], auth: 'admin',
      params: z.strictObject({ ruleId: Id }), body: z.strictObject({ rule: AclRule }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await deps.execute(context, streamId('acl', params.ruleId), aclDecider, {
        type: 'SetAclRule', actor: context.actor, at: context.at, ruleId: params.ruleId, rule: body.rule,
      });
      return written(params.ruleId, outcome);
    }),

    defineRoute({
      method: 'delete', path: '/api/admin/acl/:ruleId', summary: 'Delete an access rule (admin)', tags: ['admin', 'acl'], auth: 'admin',
      params: z.strictObject({ ruleId: Id }), response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await deps.execute(context, streamId('acl', params.ruleId), aclDecider, {
        type: 'DeleteAclRule', actor: context.actor, at: context.at, ruleId: params.ruleId,
      });
      return written(params.ruleId, outcome);
    }),
  ];
}
