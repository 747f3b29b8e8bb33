import { z } from 'zod';
import { calendarDecider, calendarStream } from '../../domain/calendar/decider.ts';
import { Id, IsoTime } from '../../domain/shared/ids.ts';
import { Refusal } from '../../domain/shared/refusal.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { targetVendorId } from '../guards.ts';
import { releaseStaleReservations } from '../stale-reservations.ts';
import { WriteResult } from '../write-result.ts';
import { OptionalRestDay } from '../../domain/calendar/jewish-calendar.ts';

// Busy windows: the vendor blocks time in its calendar (`calendar-<vendorId>`, which also holds the
// slots of timed orders, order-workflow.ts), and its Jewish calendar: whether it performs on Shabbat
// and the holidays (docs/jewish-calendar.md).

export function busyWindowRoutes(deps: CommandDeps): CommandRoute[] {
  const calendars = deps.aggregate(calendarDecider, calendarStream);

  return [
    defineRoute({
      method: 'put', path: '/api/vendor/observance', summary: "Whether the vendor performs on Shabbat and the Jewish holidays, and the fast and memorial days it keeps free (an admin names vendorId)", tags: ['calendar'], auth: 'vendor',
      body: z.strictObject({
        vendorId: Id.optional(),
        performsOnShabbat: z.boolean(),
        performsOnHolidays: z.boolean(),
        alsoRestsOn: z.array(OptionalRestDay).max(10).default([]),
      }),
      response: WriteResult,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      const outcome = await calendars.execute(context, vendorId, {
        type: 'SetObservance', vendorId, performsOnShabbat: body.performsOnShabbat, performsOnHolidays: body.performsOnHolidays, alsoRestsOn: body.alsoRestsOn,
      });
      return written(vendorId, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/vendor/busy-windows', summary: "Block time in the vendor's calendar (an admin names vendorId)", tags: ['calendar'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), start: IsoTime, end: IsoTime, reason: z.string().trim().max(200).optional() }),
      response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      const windowId = context.newId();
      const block = () => calendars.execute(context, vendorId, {
        type: 'CreateBusyWindow', windowId, vendorId, start: body.start, end: body.end,
        ...(body.reason ? { reason: body.reason } : {}),
      });
      const outcome = await block().catch(async (error: unknown) => {
        // Over a reservation whose order a crashed run never placed: give it back and block the time.
        if (!(error instanceof Refusal && error.code === 'calendar.overlap')) throw error;
        if (!(await releaseStaleReservations(deps, context, vendorId, body))) throw error;
        return block();
      });
      return written(windowId, outcome, 201);
    }),

    defineRoute({
      method: 'delete', path: '/api/vendor/busy-windows/:id', summary: 'Remove a busy window (an admin adds ?vendorId=)', tags: ['calendar'], auth: 'vendor',
      params: z.strictObject({ id: Id }), query: z.object({ vendorId: Id.optional() }), response: WriteResult,
    }, async ({ params, query, context }) => {
      const vendorId = targetVendorId(context.actor, query.vendorId);
      const outcome = await calendars.execute(context, vendorId, {
        type: 'RemoveBusyWindow', windowId: params.id, vendorId,
      });
      return written(params.id, outcome);
    }),
  ];
}
