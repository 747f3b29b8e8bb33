import type { RouteObject } from 'react-router';
import { withNoAccessPage } from './no-access-page.ts';
import { adminHomeRoutes } from './home.tsx';
import { adminOrderRoutes } from './orders.tsx';
import { adminVendorRoutes } from './vendors.tsx';
import { adminProductRoutes } from './products.tsx';
import { adminUserRoutes } from './users.tsx';
import { adminEntityRoutes } from './entities.tsx';
import { adminDispenseRoutes } from './phone-dispenses.tsx';
import { adminMediaRoutes } from './media.tsx';
import { adminSettingsRoutes } from './settings.tsx';
import { adminConversationRoutes } from './conversations.tsx';
import { adminTrackingRoutes } from './tracking.tsx';
import { adminAnalyticsRoutes } from './analytics.tsx';
import { adminMoneyRoutes } from './money.tsx';
import { operatorDashboardRoutes } from './operator-dashboard.tsx';
import { entityIndexRoutes } from './entity-index.tsx';
import { myConversationsRoutes } from './my-conversations.tsx';
import { paymentsPlaygroundRoutes } from './payments-playground.tsx';
import { styleguideRoutes } from './styleguide.tsx';
import { exportRoutes } from './export.tsx';
import { AdminAccessFrame, adminAccessLoader } from './admin-access.tsx';

// The admin back office (SPEC §2 admin routes): each screen's module declares its own routes, under a
// pathless route that reads the staff member's access rules once for the side nav (admin-access.tsx).
export const adminRoutes: RouteObject[] = [{
  loader: adminAccessLoader,
  Component: AdminAccessFrame,
  children: withNoAccessPage([
    ...adminHomeRoutes, ...operatorDashboardRoutes, ...adminOrderRoutes, ...adminVendorRoutes, ...adminProductRoutes, ...adminUserRoutes, ...adminDispenseRoutes, ...adminEntityRoutes,
    ...adminMediaRoutes, ...adminSettingsRoutes, ...adminConversationRoutes, ...adminTrackingRoutes, ...adminAnalyticsRoutes, ...adminMoneyRoutes,
    ...entityIndexRoutes, ...myConversationsRoutes, ...paymentsPlaygroundRoutes, ...styleguideRoutes, ...exportRoutes,
  ]),
}];
