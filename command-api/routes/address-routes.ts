import { z } from 'zod';
import { userAddressDecider, userAddressesStream } from '../../domain/user-address/decider.ts';
import { AddressFields } from '../../domain/user-address/events.ts';
import { Id } from '../../domain/shared/ids.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { WriteResult } from '../write-result.ts';

// The signed-in user's address book (SPEC §1 entity "user address"), on `userAddresses-<userId>`:
// add (the first becomes the default), change, remove, choose the default. A user reaches only their
// own book, so another user's address id is simply not in it (404).
const AddressParams = z.strictObject({ addressId: Id });

export function addressRoutes(deps: CommandDeps): CommandRoute[] {
  const books = deps.aggregate(userAddressDecider, userAddressesStream);
  return [
    defineRoute({
      method: 'post', path: '/api/user/addresses', summary: "Add an address to the caller's address book (the first one becomes the default)", tags: ['addresses'], auth: 'user',
      body: z.strictObject({ address: AddressFields, makeDefault: z.boolean().default(false) }), response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      const userId = context.actor.userId!;
      const addressId = context.newId();
      const outcome = await books.execute(context, userId, { type: 'AddAddress', userId, addressId, address: body.address, makeDefault: body.makeDefault });
      return written(addressId, outcome, 201);
    }),
    defineRoute({
      method: 'put', path: '/api/user/addresses/:addressId', summary: 'Change one of the caller\'s addresses', tags: ['addresses'], auth: 'user',
      params: AddressParams, body: z.strictObject({ address: AddressFields }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const userId = context.actor.userId!;
      return written(params.addressId, await books.execute(context, userId, { type: 'ChangeAddress', userId, addressId: params.addressId, address: body.address }));
    }),
    defineRoute({
      method: 'delete', path: '/api/user/addresses/:addressId', summary: 'Remove one of the caller\'s addresses (the oldest other one becomes the default)', tags: ['addresses'], auth: 'user',
      params: AddressParams, response: WriteResult,
    }, async ({ params, context }) => {
      const userId = context.actor.userId!;
      return written(params.addressId, await books.execute(context, userId, { type: 'RemoveAddress', userId, addressId: params.addressId }));
    }),
    defineRoute({
      method: 'post', path: '/api/user/addresses/:addressId/default', summary: 'Make one of the caller\'s addresses the default', tags: ['addresses'], auth: 'user',
      params: AddressParams, response: WriteResult,
    }, async ({ params, context }) => {
      const userId = context.actor.userId!;
      return written(params.addressId, await books.execute(context, userId, { type: 'ChooseDefaultAddress', userId, addressId: params.addressId }));
    }),
  ];
}
