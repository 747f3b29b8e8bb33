import { z } from 'zod';
import { trackingDecider, trackingStream } from '../../domain/tracking/decider.ts';
import { TrackingSource } from '../../domain/tracking/events.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { WriteResult } from '../write-result.ts';

// Source tracking (SPEC §7, public): a visit from a utm_source is counted on `tracking-<source>`.

export function trackingRoutes(deps: CommandDeps): CommandRoute[] {
  const tracking = deps.aggregate(trackingDecider, trackingStream);

  return [
    defineRoute({
      method: 'post', path: '/api/tracking/source/hit/:source', summary: 'Count a visit from a utm_source (public, empty body)', tags: ['tracking'], auth: 'public',
      params: z.strictObject({ source: TrackingSource }), response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await tracking.execute(context, params.source, {
        type: 'RecordSourceHit', source: params.source,
      });
      return written(params.source, outcome);
    }),
  ];
}
