import type { JobQueue } from '../../domain/ports/job-queue.ts';
import type { ReadRoute } from '../read-route.ts';
import { vendorReads } from './vendor-reads.ts';
import { productReads } from './product-reads.ts';
import { orderReads } from './order-reads.ts';
import { orderHistoryReads } from './order-history-reads.ts';
import { calendarReads } from './calendar-reads.ts';
import { conversationReads } from './conversation-reads.ts';
import { contractReads } from './contract-reads.ts';
import { notificationReads } from './notification-reads.ts';
import { reviewReads } from './review-reads.ts';
import { contentReads } from './content-reads.ts';
import { referenceReads } from './reference-reads.ts';
import { adminReads, jobReads } from './admin-reads.ts';
import { auditReads } from './audit-reads.ts';

// Every read route. Order matters where Express paths overlap: the more specific path comes first
// (e.g. /api/orders/:id/history before /api/orders/:id cannot clash, but /api/tag/alias/:alias/children
// and /api/tag/alias/:alias are distinct by segment count).
export function readRoutes(options: { jobQueue?: JobQueue }): ReadRoute[] {
  return [
    ...vendorReads, ...reviewReads, ...productReads, ...orderHistoryReads, ...orderReads, ...calendarReads,
    ...conversationReads, ...contractReads, ...notificationReads, ...contentReads, ...referenceReads,
    ...adminReads, ...jobReads(options.jobQueue), ...auditReads,
  ];
}
