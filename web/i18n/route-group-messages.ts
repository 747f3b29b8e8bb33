import type { MessageTree } from './i18n-instance.ts';

// The texts only the dashboards' and the back office's screens use. They travel to the browser in a
// chunk of their own (web/client-bundle.ts), loaded with those screens' route group
// (web/app/route-group-messages.ts), so a storefront page's first load carries only the storefront's
// texts. A key belongs here when no module of the storefront's first load names it;
// web/test/production-bundle.test.ts checks that against the built bundle.
export const routeGroupMessageKeys = [
  'admin', 'adminHistory', 'adminCatalog', 'adminContent', 'adminMediaAcl', 'adminAnalytics', 'adminMoney', 'adminTools', 'operator', 'charts', 'vendorInsights',
  'vendorOrders', 'vendorProfile', 'vendorMedia', 'vendorEvents', 'vendorReviews', 'products', 'busyWindows',
  'contracts', 'myVendors', 'payments', 'reviews', 'addresses', 'observance',
] as const;

const groupKeys = new Set<string>(routeGroupMessageKeys);

/** One language's messages split into the storefront's and the route groups' (top-level keys). */
export function splitRouteGroupMessages(messages: MessageTree): { storefront: MessageTree; routeGroups: MessageTree } {
  const storefront: MessageTree = {};
  const routeGroups: MessageTree = {};
  for (const [key, value] of Object.entries(messages)) (groupKeys.has(key) ? routeGroups : storefront)[key] = value;
  return { storefront, routeGroups };
}
