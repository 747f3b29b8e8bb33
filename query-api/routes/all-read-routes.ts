import type { JobQueue } from '../../domain/ports/job-queue.ts';
import type { ReadRoute } from '../read-route.ts';
import { vendorReads } from './vendor-reads.ts';
import { productReads } from './product-reads.ts';
import { orderReads } from './order-reads.ts';
import { orderHistoryReads } from './order-history-reads.ts';
import { calendarReads } from './calendar-reads.ts';
import { calendarSyncReads } from './calendar-sync-reads.ts';
import { conversationReads } from './conversation-reads.ts';
import { contractReads } from './contract-reads.ts';
import { quoteRequestReads } from './quote-request-reads.ts';
import { receiptReads } from './receipt-reads.ts';
import { vendorCustomerReads } from './vendor-customer-reads.ts';
import { notificationReads } from './notification-reads.ts';
import { unreadCountReads } from './unread-count-reads.ts';
import { reviewReads } from './review-reads.ts';
import { paymentReads } from './payment-reads.ts';
import { contentReads } from './content-reads.ts';
import { referenceReads } from './reference-reads.ts';
import { adminReads, jobReads } from './admin-reads.ts';
import { auditReads } from './audit-reads.ts';
import { aclReads } from './acl-reads.ts';
import { mediaReads } from './media-reads.ts';
import { adminContentReads } from './admin-content-reads.ts';
import { adminDashboardReads } from './admin-dashboard-reads.ts';
import { adminStreamStateReads } from './admin-stream-state.ts';
import { analyticsReads } from './analytics-reads.ts';
import { moneyReads } from './money-reads.ts';
import { adminUserActionReads } from './admin-user-actions.ts';
import { addressReads } from './address-reads.ts';
import { vendorBusinessReads } from './vendor-business-reads.ts';

// Every read route. Order matters where Express paths overlap: the more specific path comes first
// (e.g. /api/orders/:id/history before /api/orders/:id cannot clash, but /api/tag/alias/:alias/children
// and /api/tag/alias/:alias are distinct by segment count).
export function readRoutes(options: { jobQueue?: JobQueue }): ReadRoute[] {
  return [
    ...vendorReads, ...reviewReads, ...productReads, ...orderHistoryReads, ...orderReads, ...calendarReads, ...calendarSyncReads,
    ...paymentReads, ...conversationReads, ...contractReads, ...quoteRequestReads, ...receiptReads, ...vendorCustomerReads, ...notificationReads, ...unreadCountReads, ...contentReads, ...referenceReads,
    ...adminReads, ...adminContentReads, ...jobReads(options.jobQueue), ...adminDashboardReads, ...adminStreamStateReads, ...adminUserActionReads, ...auditReads, ...aclReads, ...mediaReads,
    ...analyticsReads, ...moneyReads, ...addressReads, ...vendorBusinessReads,
  ];
}
