import type { RouteObject } from 'react-router';
import { profileRoutes } from './profile.tsx';
import { myVendorsRoutes } from './my-vendors.tsx';
import { customerOrderRoutes } from './orders.tsx';
import { paymentsRoutes } from './payments.tsx';
import { receiptRoutes } from './receipts.tsx';
import { customerReviewRoutes } from './reviews.tsx';
import { notificationRoutes } from './notifications.tsx';
import { conversationRoutes } from './conversations.tsx';
import { contractRoutes } from './contracts.tsx';
import { quoteRoutes } from './quotes.tsx';
import { vendorQuoteRoutes } from '../vendor-dashboard/quotes.tsx';
import { helpRoutes } from './help.tsx';
import { addressRoutes } from './addresses.tsx';
import { busyWindowRoutes } from '../vendor-dashboard/busy-windows.tsx';
import { vendorProfileRoutes } from '../vendor-dashboard/profile.tsx';
import { vendorOrderRoutes } from '../vendor-dashboard/orders.tsx';
import { vendorEventRoutes } from '../vendor-dashboard/events.tsx';
import { productRoutes } from '../vendor-dashboard/products.tsx';
import { vendorReviewRoutes } from '../vendor-dashboard/reviews.tsx';
import { inactiveRegistrationRoutes } from '../vendor-dashboard/inactive.tsx';
import { vendorInsightsRoutes } from '../vendor-dashboard/insights.tsx';

// The personal and artist dashboards (SPEC §2 personal and vendor menus): each screen's module
// declares its own routes. Loaded by the browser only when a path needs them (web/app/route-groups.ts).
export const dashboardRoutes: RouteObject[] = [
  ...profileRoutes, ...myVendorsRoutes, ...customerOrderRoutes, ...paymentsRoutes, ...receiptRoutes, ...customerReviewRoutes, ...notificationRoutes,
  ...conversationRoutes, ...contractRoutes, ...quoteRoutes, ...vendorQuoteRoutes, ...helpRoutes, ...addressRoutes,
  ...busyWindowRoutes, ...vendorProfileRoutes, ...vendorOrderRoutes, ...vendorEventRoutes, ...productRoutes, ...vendorReviewRoutes, ...inactiveRegistrationRoutes, ...vendorInsightsRoutes,
];
