import type { AclAction } from '../../domain/acl/access.ts';
import type { RouteSpec } from './route-spec.ts';

// Which access right (SPEC §6 asset and action) an admin route asks for, so both APIs' guards can
// evaluate the rules (infra/http/access-guard.ts). Routes for any signed-in user, a vendor or the
// public are not here: their owner checks stay where they are (docs/access-control.md).
//   asset   by the first path segment after /api/admin/ (the table below; the entity type for
//           /api/admin/entity/:entityType; the segment itself when the table lacks it)
//   action  GET of a collection list, of one item read; POST create, or update for an action on an
//           item (/vendors/:id/archive); PUT and PATCH update; DELETE delete
export interface RouteAccess {
  asset: string;
  action: AclAction;
}

const assetOfSegment: Record<string, string> = {
  vendors: 'vendor',
  products: 'product',
  orders: 'order',
  contracts: 'contract',
  conversations: 'chatMessage',
  users: 'user',
  media: 'media',
  config: 'configEntry',
  languages: 'languageEntry',
  'geo-locations': 'geoLocation',
  acl: 'feACL',
  counts: 'adminDashboard',
  events: 'event',
  streams: 'event',
  jobs: 'notificationJob',
  tracking: 'tracking',
  'phone-number-dispenses': 'phoneNumberDispense',
  'user-actions': 'userAction',
};

/** Admin routes outside /api/admin/, and admin routes whose right is not the path's. */
const exceptions: Record<string, RouteAccess> = {
  'post /api/media-manager/token': { asset: 'media', action: 'create' },
  'post /api/media/upload': { asset: 'media', action: 'create' },
  // SPEC §6 names the conversations screen's right "read on chatMessage".
  'get /api/admin/conversations': { asset: 'chatMessage', action: 'read' },
  'get /api/admin/conversations/:id/messages': { asset: 'chatMessage', action: 'read' },
  // The admin home's counts.
  'get /api/admin/counts': { asset: 'adminDashboard', action: 'read' },
  // The Analytics screen's right is its nav item's (web/pages/admin/admin-nav.ts): list on order.
  'get /api/admin/analytics': { asset: 'order', action: 'list' },
  // The back office's money (issue 26): the admins', whose rules let them change orders; not the read-only operator's.
  'get /api/admin/money': { asset: 'order', action: 'update' },
  // The analysts' export reads the log, as the audit screens do.
  'post /api/admin/exports': { asset: 'event', action: 'list' },
  'get /api/admin/exports/:id': { asset: 'event', action: 'list' },
  // The payments playground: no default rule grants it, so superAdmin alone until one does.
  'post /api/admin/payments/playground': { asset: 'payments', action: 'create' },
};

const isParam = (segment: string | undefined): boolean => segment !== undefined && segment.startsWith(':');

function actionOf(method: RouteSpec['method'], segments: string[]): AclAction {
  const last = segments[segments.length - 1];
  switch (method) {
    case 'get': return isParam(last) ? 'read' : 'list';
    case 'post': return segments.slice(1).some(isParam) ? 'update' : 'create';
    case 'put':
    case 'patch': return 'update';
    case 'delete': return 'delete';
  }
}

/**
 * The right a route asks for, or null when the rules do not guard it (public, user and vendor
 * routes). `params` are the request's raw path parameters (the entity type names the asset).
 */
export function routeAccess(spec: Pick<RouteSpec, 'method' | 'path' | 'auth'>, params: Record<string, string | undefined> = {}): RouteAccess | null {
  if (spec.auth !== 'admin' && spec.auth !== 'superUsers') return null;
  const exception = exceptions[`${spec.method} ${spec.path}`];
  if (exception) return exception;
  const prefix = '/api/admin/';
  const segments = spec.path.startsWith(prefix) ? spec.path.slice(prefix.length).split('/') : spec.path.replace(/^\/api\//, '').split('/');
  const [first = ''] = segments;
  if (first === 'entity' && segments[1] === ':entityType') {
    return { asset: params.entityType ?? ':entityType', action: actionOf(spec.method, ['entity', ...segments.slice(2)]) };
  }
  return { asset: assetOfSegment[first] ?? first, action: actionOf(spec.method, segments) };
}
