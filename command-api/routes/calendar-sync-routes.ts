import { z } from 'zod';
import { calendarDecider, calendarStream } from '../../domain/calendar/decider.ts';
import { Id } from '../../domain/shared/ids.ts';
import { HttpProblem } from '../../infra/http/problem.ts';
import { fetchIcs, icsUrlOf, IcsFetchError } from '../../infra/icalendar/fetch-ics.ts';
import { IcsParseError } from '../../infra/icalendar/ics-busy-times.ts';
import { importedWindowsOf, problemOf } from '../../process-managers/calendar-import.ts';
import { derivedUuid } from '../derived-ids.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { targetVendorId } from '../guards.ts';
import { WriteResult } from '../write-result.ts';
import { calendarFeedPath } from '../../infra/icalendar/ics-feed.ts';

// Calendar sync (docs/calendar-sync.md): the vendor's private feed token (issued anew to revoke the old
// one), and the calendars it imports busy times from: an uploaded .ics file, or an iCalendar address read
// now and then again by the worker (process-managers/calendar-import.ts). All on `calendar-<vendorId>`.


const FeedAnswer = WriteResult.extend({ token: z.string(), feedPath: z.string() });

/** An .ics upload within the JSON body limit (100 KB by default): larger calendars are imported by address. */
const MAX_ICS_CHARS = 95_000;

function importProblem(field: string, error: unknown): HttpProblem {
  return new HttpProblem(422, 'Validation failed', {
    code: error instanceof IcsFetchError ? `calendar.${error.code}` : 'calendar.not-icalendar',
    detail: problemOf(error),
    errors: [{ field, message: problemOf(error) }],
  });
}

export function calendarSyncRoutes(deps: CommandDeps): CommandRoute[] {
  const calendars = deps.aggregate(calendarDecider, calendarStream);

  return [
    defineRoute({
      method: 'post', path: '/api/vendor/calendar-sync/feed',
      summary: "Issue the vendor's private iCalendar feed link; issuing again revokes the previous link (an admin names vendorId)",
      tags: ['calendar'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional() }), query: z.object({ vendorId: Id.optional() }), response: FeedAnswer, successStatus: 201,
    }, async ({ body, query, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId ?? query.vendorId);
      // 24 random bytes (node:crypto): 32 characters, base64url, as unguessable as a password reset link.
      const token = context.newSecret(24);
      const outcome = await calendars.execute(context, vendorId, { type: 'IssueCalendarFeed', vendorId, token });
      return { status: 201, body: { ...written(vendorId, outcome).body, token, feedPath: calendarFeedPath(token) } };
    }, { idempotent: false }),

    defineRoute({
      method: 'post', path: '/api/vendor/calendar-sync/sources',
      summary: 'Import busy times from an iCalendar address (read now, then again on a schedule; an admin names vendorId)',
      tags: ['calendar'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), url: z.string().trim().min(1).max(2000), name: z.string().trim().max(100).optional() }),
      response: WriteResult, successStatus: 201,
      answers: { 422: 'The address is not http(s), points to an internal network, or could not be read as an iCalendar' },
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      let url: string;
      let read: ReturnType<typeof importedWindowsOf>;
      const sourceId = context.newId();
      const now = new Date(context.at);
      try {
        url = icsUrlOf(body.url).toString();
        read = importedWindowsOf(await fetchIcs(url, deps.calendarFetch), sourceId, now);
      } catch (error) {
        if (error instanceof IcsFetchError || error instanceof IcsParseError) throw importProblem('url', error);
        throw error;
      }
      await calendars.execute(context, vendorId, { type: 'AddCalendarSource', vendorId, sourceId, kind: 'url', name: body.name || read.calendarName || new URL(url).host, url });
      const outcome = await calendars.execute(context, vendorId, { type: 'RecordCalendarSourceRead', vendorId, sourceId, from: now.toISOString(), windows: read.windows });
      return written(sourceId, outcome, 201);
    }),

    defineRoute({
      method: 'post', path: '/api/vendor/calendar-sync/import',
      summary: "Import busy times from an uploaded .ics file: a file of the same name imported again replaces its busy times (an admin names vendorId)",
      tags: ['calendar'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), fileName: z.string().trim().min(1).max(100), ics: z.string().min(1).max(MAX_ICS_CHARS) }),
      response: WriteResult, successStatus: 201,
      answers: { 422: 'The file is not an iCalendar' },
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      // One source per file name: importing "gigs.ics" again replaces what the last "gigs.ics" brought.
      const sourceId = derivedUuid(`calendar-file\n${vendorId}`, body.fileName.toLowerCase());
      const now = new Date(context.at);
      let read: ReturnType<typeof importedWindowsOf>;
      try {
        read = importedWindowsOf(body.ics, sourceId, now);
      } catch (error) {
        if (error instanceof IcsParseError) throw importProblem('ics', error);
        throw error;
      }
      await calendars.execute(context, vendorId, { type: 'AddCalendarSource', vendorId, sourceId, kind: 'file', name: body.fileName });
      const outcome = await calendars.execute(context, vendorId, { type: 'RecordCalendarSourceRead', vendorId, sourceId, from: now.toISOString(), windows: read.windows });
      return written(sourceId, outcome, 201);
    }),

    defineRoute({
      method: 'delete', path: '/api/vendor/calendar-sync/sources/:id',
      summary: 'Stop importing from a calendar and free the busy times it brought (an admin adds ?vendorId=)',
      tags: ['calendar'], auth: 'vendor',
      params: z.strictObject({ id: Id }), query: z.object({ vendorId: Id.optional() }), response: WriteResult,
    }, async ({ params, query, context }) => {
      const vendorId = targetVendorId(context.actor, query.vendorId);
      const outcome = await calendars.execute(context, vendorId, { type: 'RemoveCalendarSource', vendorId, sourceId: params.id });
      return written(params.id, outcome);
    }),
  ];
}
