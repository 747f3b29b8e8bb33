import type { RequestHandler } from 'express';
import { z } from 'zod';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { Id, IsoTime } from '../../domain/shared/ids.ts';
import { EXPORT_FORMATS } from '../../replay/export-formats.ts';
import type { EventFilter } from '../../replay/event-filter.ts';
import type { CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { EXPORT_MAX_BYTES, EXPORT_MAX_MS, EXPORT_MAX_RUNNING, exportJobsOf, TooManyExports, type ExportJob } from '../export-jobs.ts';

// The analysts' export from the back office (command-api/export-jobs.ts): start one (202), follow its
// progress, download its file. The rights are those of reading the log (`event` `list`: the audit
// screens'): infra/http/route-access.ts. In distributed mode the web's /api gateway sends these reads
// to this service, where the job and its file are.
const ExportView = z.object({
  id: z.string(), state: z.enum(['running', 'done', 'failed']), failure: z.enum(['too-large', 'too-long', 'error']).nullable(),
  format: z.enum(EXPORT_FORMATS), description: z.string(), scanned: z.number().int(), exported: z.number().int(), bytes: z.number().int(),
  fraction: z.number(), startedAt: z.string(), finishedAt: z.string().nullable(),
  /** Where the file is downloaded from once done (a secret link: a browser's link carries no bearer token). */
  downloadUrl: z.string().nullable(),
});

export const EXPORT_FILE_PATH = '/api/admin/exports/:id/file';

function viewOf(job: ExportJob): z.infer<typeof ExportView> {
  return {
    id: job.id, state: job.state, failure: job.failure, format: job.format, description: job.description, scanned: job.scanned,
    exported: job.exported, bytes: job.bytes, fraction: job.fraction, startedAt: job.startedAt, finishedAt: job.finishedAt,
    downloadUrl: job.state === 'done' ? `/api/admin/exports/${job.id}/file?token=${job.downloadToken}` : null,
  };
}

/** A stream category: the part of a stream id before its first `-` (`order`, `vendor`, `userAddresses`). */
const Category = z.string().regex(/^[A-Za-z]{1,40}$/, 'A stream category: letters only, e.g. order');

export function exportRoutes(deps: CommandDeps): CommandRoute[] {
  return [
    defineRoute({
      method: 'post', path: '/api/admin/exports',
      summary: `Start an analysts' export of the log (NDJSON or CSV, as npm run replay -- --format): categories, a stream, a time range; at most ${EXPORT_MAX_RUNNING} at once, ${EXPORT_MAX_BYTES / 1024 / 1024} MB and ${EXPORT_MAX_MS / 60_000} minutes each`,
      tags: ['admin', 'exports'], auth: 'admin',
      body: z.strictObject({
        format: z.enum(EXPORT_FORMATS),
        categories: z.array(Category).max(20).default([]),
        stream: z.string().trim().max(200).regex(/^[A-Za-z]+-[A-Za-z0-9_-]+$/, 'A stream id: its category, a dash and the id').optional(),
        from: IsoTime.optional(),
        to: IsoTime.optional(),
      }).refine((body) => !body.from || !body.to || body.from <= body.to, { message: 'Must not be before from', path: ['to'] }),
      response: ExportView, successStatus: 202,
      answers: { 429: `${EXPORT_MAX_RUNNING} exports are running already: try again when one has finished` },
    }, async ({ body, context }) => {
      const filter: EventFilter = {
        ...(body.categories.length ? { categories: body.categories } : {}),
        ...(body.stream ? { streams: [body.stream] } : {}),
        ...(body.from ? { fromTime: new Date(body.from) } : {}),
        ...(body.to ? { toTime: new Date(body.to) } : {}),
      };
      try {
        const job = await exportJobsOf(deps.eventStore).start({ filter, format: body.format, startedBy: context.actor.userId ?? 'system', now: new Date(context.at) });
        return { status: 202, body: viewOf(job) };
      } catch (error) {
        if (error instanceof TooManyExports) throw new HttpProblem(429, 'Too many exports', { code: 'export.too-many', detail: error.message, retryAfterSeconds: 10 });
        throw error;
      }
    }, { idempotent: false }),
    defineRoute({
      method: 'get', path: '/api/admin/exports/:id', summary: "An analysts' export: its progress, and its download link once done", tags: ['admin', 'exports'], auth: 'admin',
      params: z.strictObject({ id: Id }), response: ExportView,
      answers: { 404: 'No such export: unknown, or finished more than an hour ago' },
    }, async ({ params }) => {
      const job = exportJobsOf(deps.eventStore).get(params.id);
      if (!job) throw problems.notFound('There is no such export (finished ones are kept an hour).');
      return { status: 200, body: viewOf(job) };
    }),
  ];
}

/** The file of a finished export, by its secret link; 404 for anything else. */
export function exportDownloads(deps: Pick<CommandDeps, 'eventStore'>): RequestHandler {
  return (req, res, next) => {
    const job = exportJobsOf(deps.eventStore).download(String(req.params.id ?? ''), String(req.query.token ?? ''));
    if (!job) { next(problems.notFound('There is no such export file: it expired, or the link is wrong.')); return; }
    const day = job.startedAt.slice(0, 10);
    res.setHeader('Cache-Control', 'private, no-store');
    res.type(job.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
    res.download(job.file, `habama-events-${day}.${job.format}`, { dotfiles: 'allow' }, (error) => { if (error && !res.headersSent) next(error); });
  };
}
