import type { TrackingSourceDayView } from '../projectors/tracking-sources/projection.ts';
import type { ReadViews } from './tracked-views.ts';

/** Hits per source and UTC day between `from` and `to` (yyyy-mm-dd, both included), from `trackingSourceDays`. */
export async function sourceHitsByDay(views: ReadViews, from: string, to: string): Promise<Map<string, Record<string, number>>> {
  const days = await views.find<TrackingSourceDayView>('trackingSourceDays', { day: { $gte: from, $lte: to } });
  const bySource = new Map<string, Record<string, number>>();
  for (const { source, day, hits } of days) {
    const counts = bySource.get(source) ?? {};
    counts[day] = (counts[day] ?? 0) + hits;
    bySource.set(source, counts);
  }
  return bySource;
}
