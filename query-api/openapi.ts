import { z } from 'zod';
import type { RouteSpec } from '../infra/http/route-spec.ts';
import { errorAnswersOf } from '../infra/http/route-answers.ts';

// GET /api/openapi.json (DESIGN §6): OpenAPI 3.1 for the command and query APIs, made from the same
// RouteSpec list the routers validate with, so the document cannot drift from the code.
export const openApiRouteSpec: RouteSpec = {
  method: 'get',
  path: '/api/openapi.json',
  summary: 'This OpenAPI 3.1 document: every route of the command and query APIs',
  tags: ['meta'],
  auth: 'public',
  response: z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.record(z.string(), z.unknown())) }),
};

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

/** `/api/orders/:id/pay` → `/api/orders/{id}/pay` */
export const openApiPath = (expressPath: string): string => expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    const isList = propertySchema.type === 'array' || JSON.stringify(propertySchema).includes('"array"');
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: propertySchema,
      ...(where === 'query' && isList ? { style: 'form', explode: true } : {}),
    };
  });
}

/** Every `{name}` of the path must be a declared parameter, even when a route has no params schema. */
function withUndeclaredPathParameters(expressPath: string, parameters: JsonSchema[]): JsonSchema[] {
  const declared = new Set(parameters.filter((p) => p.in === 'path').map((p) => p.name));
  const missing = [...expressPath.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!).filter((name) => !declared.has(name));
  return [...missing.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })), ...parameters];
}

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

function operationOf(spec: RouteSpec): JsonSchema {
  const status = String(spec.successStatus ?? 200);
  const responses: Record<string, unknown> = {
    [status]: spec.response
      ? { description: 'Success', content: { 'application/json': { schema: toSchema(spec.response, 'output') } } }
      : { description: 'Success' },
  };
  // Every error answer the route can give (infra/http/route-answers.ts), in status order.
  for (const [errorStatus, description] of Object.entries(errorAnswersOf(spec)).sort(([a], [b]) => Number(a) - Number(b))) {
    responses[errorStatus] = problemResponse(description);
  }
  return {
    operationId: `${spec.method}${spec.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: spec.summary,
    tags: spec.tags,
    'x-auth': spec.auth,
    ...(spec.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
    parameters: withUndeclaredPathParameters(spec.path, [...parametersOf(spec.params, 'path'), ...parametersOf(spec.query, 'query')]),
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(spec.body, 'input') } } } } : {}),
    responses,
  };
}

export function openApiDocument(specs: RouteSpec[]): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of specs) {
    const path = openApiPath(spec.path);
    paths[path] ??= {};
    paths[path][spec.method] = operationOf(spec);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Performing-artist marketplace API',
      version: '1.0.0',
      description: 'Commands append events (answers carry streamId, revision and position); reads answer from the views. Pass minRevision on a document read to read your own write. Errors are application/problem+json.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            code: { type: 'string' },
            errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } },
          },
        },
      },
    },
  };
}
