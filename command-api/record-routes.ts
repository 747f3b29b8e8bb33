import { z } from 'zod';
import type { Aggregate, CommandData } from './aggregate.ts';
import { written } from './command-deps.ts';
import { defineRoute, type CommandRoute } from './command-route.ts';
import { WriteResult } from './write-result.ts';

// Admin-managed records share one route shape: create (POST on the collection, 201, with the id of
// the body or a new one), replace or update (PUT on the record) and delete (DELETE on the record),
// each one command of the record's aggregate answered with its WriteResult. A record kind is a row
// of what differs (path, bodies, commands); `recordRoutes` makes its routes, admins only.

/** A write with a body: its schema, a check that names the field in a 422 before the command, and the command. */
export interface RecordWrite<Params, Body extends z.ZodType, Command> {
  summary: string;
  body: Body;
  check?: (params: Params, body: z.output<Body>) => void;
  command: (id: string, body: z.output<Body>, params: Params) => CommandData<Command>;
}

export interface RecordKind<
  Key extends string, ItemParams extends z.ZodObject, Command, CreateBody extends z.ZodType, UpdateBody extends z.ZodType,
> {
  /** The collection, e.g. `/api/admin/geo-locations`; a record is `<path>/:<key>`. */
  path: string;
  key: Key;
  /** The record's path parameters (the key and any of the collection's). */
  params: ItemParams;
  tags: string[];
  create?: RecordWrite<Omit<z.output<ItemParams>, Key>, CreateBody, Command>;
  update?: RecordWrite<z.output<ItemParams>, UpdateBody, Command>;
  delete: { summary: string; command: (id: string, params: z.output<ItemParams>) => CommandData<Command> };
}

/**
 * The routes of one record kind, in the aggregate `aggregateOf(params)` gives (content: one per entity
 * type, its stream category). Two calls, the aggregate first, so that its command type is known
 * when the kind's commands are read and their `type` stays a literal.
 */
export const recordRoutes = <Command, Params = unknown>(aggregateOf: (params: Params) => Aggregate<any, Command, any>) =>
  <Key extends string, ItemParams extends z.ZodObject, CreateBody extends z.ZodType, UpdateBody extends z.ZodType>(
    kind: RecordKind<Key, ItemParams, Command, CreateBody, UpdateBody>,
  ): CommandRoute[] => {
    type RecordParams = z.output<ItemParams>;
    const { path, key, tags } = kind;
    const itemPath = `${path}/:${key}`;
    const collectionParams = kind.params.omit({ [key]: true } as never);
    // A collection without path parameters declares none (as the OpenAPI document has always said).
    const collectionSpec = Object.keys(collectionParams.shape).length > 0 ? { params: collectionParams } : {};
    const routes: CommandRoute[] = [];
    if (kind.create) {
      const create = kind.create;
      routes.push(defineRoute({
        method: 'post', path, summary: create.summary, tags, auth: 'admin', ...collectionSpec, body: create.body, response: WriteResult, successStatus: 201,
      }, async ({ params, body, context }) => {
        const collection = (params ?? {}) as unknown as Omit<RecordParams, Key>;
        const data = body as z.output<CreateBody>;
        create.check?.(collection, data);
        const id = (data as { id?: string }).id ?? context.newId();
        return written(id, await aggregateOf(collection as Params).execute(context, id, create.command(id, data, collection)), 201);
      }));
    }
    if (kind.update) {
      const update = kind.update;
      routes.push(defineRoute({
        method: 'put', path: itemPath, summary: update.summary, tags, auth: 'admin', params: kind.params, body: update.body, response: WriteResult,
      }, async ({ params, body, context }) => {
        const record = params as RecordParams;
        const data = body as z.output<UpdateBody>;
        update.check?.(record, data);
        const id = record[key] as string;
        return written(id, await aggregateOf(record as Params).execute(context, id, update.command(id, data, record)));
      }));
    }
    routes.push(defineRoute({
      method: 'delete', path: itemPath, summary: kind.delete.summary, tags, auth: 'admin', params: kind.params, response: WriteResult,
    }, async ({ params, context }) => {
      const record = params as RecordParams;
      const id = record[key] as string;
      return written(id, await aggregateOf(record as Params).execute(context, id, kind.delete.command(id, record)));
    }));
    return routes;
  };
