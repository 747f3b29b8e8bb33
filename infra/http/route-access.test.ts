import { describe, expect, it } from 'vitest';
import { routeAccess } from './route-access.ts';

const admin = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string) => ({ method, path, auth: 'admin' as const });

describe('the access right of a route', () => {
  it('is null for public, user and vendor routes: their owner checks stay', () => {
    expect(routeAccess({ method: 'get', path: '/api/ecommerce/vendor', auth: 'public' })).toBeNull();
    expect(routeAccess({ method: 'post', path: '/api/orders/:id/approve', auth: 'user' })).toBeNull();
    expect(routeAccess({ method: 'put', path: '/api/vendor/profile', auth: 'vendor' })).toBeNull();
  });
  it('names the asset by the path and the action by the method', () => {
    expect(routeAccess(admin('get', '/api/admin/orders'))).toEqual({ asset: 'order', action: 'list' });
    expect(routeAccess(admin('get', '/api/admin/users/:userId'))).toEqual({ asset: 'user', action: 'read' });
    expect(routeAccess(admin('post', '/api/admin/vendors'))).toEqual({ asset: 'vendor', action: 'create' });
    expect(routeAccess(admin('post', '/api/admin/vendors/:vendorId/archive'))).toEqual({ asset: 'vendor', action: 'update' });
    expect(routeAccess(admin('put', '/api/admin/config/:key'))).toEqual({ asset: 'configEntry', action: 'update' });
    expect(routeAccess(admin('delete', '/api/admin/acl/:ruleId'))).toEqual({ asset: 'feACL', action: 'delete' });
    expect(routeAccess({ method: 'put', path: '/api/admin/users/:userId/roles', auth: 'superUsers' })).toEqual({ asset: 'user', action: 'update' });
    expect(routeAccess(admin('get', '/api/admin/streams/:streamId/events'))).toEqual({ asset: 'event', action: 'list' });
  });
  it('takes the asset of an entity route from its entity type', () => {
    expect(routeAccess(admin('post', '/api/admin/entity/:entityType'), { entityType: 'category' })).toEqual({ asset: 'category', action: 'create' });
    expect(routeAccess(admin('put', '/api/admin/entity/:entityType/:id'), { entityType: 'article' })).toEqual({ asset: 'article', action: 'update' });
    expect(routeAccess(admin('get', '/api/admin/entity/:entityType'), { entityType: 'tag' })).toEqual({ asset: 'tag', action: 'list' });
  });
  it('knows the media and conversations routes by name, and a new segment by itself', () => {
    expect(routeAccess(admin('post', '/api/media-manager/token'))).toEqual({ asset: 'media', action: 'create' });
    expect(routeAccess(admin('post', '/api/media/upload'))).toEqual({ asset: 'media', action: 'create' });
    expect(routeAccess(admin('get', '/api/admin/conversations'))).toEqual({ asset: 'chatMessage', action: 'read' });
    expect(routeAccess(admin('get', '/api/admin/conversations/:id'))).toEqual({ asset: 'chatMessage', action: 'read' });
    expect(routeAccess(admin('get', '/api/admin/conversations/:id/messages'))).toEqual({ asset: 'chatMessage', action: 'read' });
    expect(routeAccess(admin('get', '/api/admin/reports'))).toEqual({ asset: 'reports', action: 'list' });
  });
});
