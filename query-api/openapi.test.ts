import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument, openApiPath } from './openapi.ts';
import { readRoutes } from './routes/all-read-routes.ts';
import type { RouteSpec } from '../infra/http/route-spec.ts';

// The OpenAPI document's shape, on the query API's own routes plus a command-like route.
describe('OpenAPI document', () => {
  const command: RouteSpec = {
    method: 'post', path: '/api/orders/:id/pay', summary: 'Pay', tags: ['orders'], auth: 'user', api: 'command',
    body: z.strictObject({ cardNumber: z.string().min(12) }), successStatus: 200,
  };
  const specs = [...readRoutes({}).map((route) => route.spec), command];
  const document = openApiDocument(specs) as { paths: Record<string, Record<string, any>> };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));

  it('has one operation per route, with a unique operationId', () => {
    expect(operations).toHaveLength(specs.length);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares every path template parameter, even without a params schema', () => {
    for (const { path, operation } of operations) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const declared = operation.parameters.filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name);
      expect(declared.sort(), path).toEqual(names.sort());
    }
    const pay = document.paths[openApiPath(command.path)]!.post;
    expect(pay.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(pay.requestBody.content['application/json'].schema).toMatchObject({ type: 'object', required: ['cardNumber'], additionalProperties: false });
  });

  it('describes the answers of the main reads', () => {
    const search = document.paths['/api/ecommerce/vendor']!.get.responses['200'].content['application/json'].schema;
    expect(search.properties.items.items.properties.vendorId).toEqual({ type: 'string' });
    expect(search.required).toEqual(expect.arrayContaining(['items', 'total']));
    const order = document.paths['/api/orders/{id}']!.get.responses['200'].content['application/json'].schema;
    expect(order.properties.status.enum).toEqual(['new', 'payed', 'approved', 'completed', 'canceled']);
  });

  it('marks signed-in routes with bearer security and problem answers', () => {
    for (const { operation } of operations) {
      if (operation['x-auth'] === 'public') expect(operation.security).toBeUndefined();
      else {
        expect(operation.security).toEqual([{ bearer: [] }]);
        expect(operation.responses['401'].content['application/problem+json']).toBeDefined();
      }
    }
  });
});
