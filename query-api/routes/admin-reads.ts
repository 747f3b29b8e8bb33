import { z } from 'zod';
import { FailedJobsAnswer, UserAnswer, VendorCardAnswer, pageOf } from '../answer-schemas.ts';
import type { Filter } from '../../domain/ports/view-store.ts';
import type { JobQueue } from '../../domain/ports/job-queue.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage, textFilter } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';
import { userStream } from '../../domain/user/decider.ts';

// Admin lists (SPEC §2 admin-user, admin-vendor; orders are in order-reads.ts) and the failed
// notification jobs (never silently dropped, visible to admins).
export const adminUsers = readRoute({
  path: '/api/admin/users',
  response: pageOf(UserAnswer),
  summary: 'Users, searched by name or e-mail (admins); never a password or token hash',
  tags: ['admin'],
  auth: 'admin',
  query: {
    ...pagingShape,
    text: z.string().max(200).optional(),
    role: z.enum(['admin', 'operator', 'superAdmin', 'vendor']).optional(),
    active: z.enum(['true', 'false']).optional(),
    sort: sortParam(['registeredAt', 'fullName', 'email'] as const, '-registeredAt'),
  },
  async handle({ query, views }) {
    const filter: Filter = textFilter(query.text);
    if (query.role === 'vendor') filter.vendorId = { $ne: null };
    else if (query.role) filter.roles = query.role;
    if (query.active) filter.active = query.active === 'true';
    return listPage(views, 'users', filter, { sort: sortOf(query.sort), start: query.start, limit: query.limit });
  },
});

export const adminUser = readRoute({
  path: '/api/admin/users/:userId',
  response: z.looseObject({
    userId: z.string(), email: z.string(), fullName: z.string(), phone: z.string().nullable(), locale: z.string(), active: z.boolean(),
    roles: z.array(z.string()), groups: z.array(z.string()), vendorId: z.string().nullable(), registeredAt: z.string(), updatedAt: z.string(),
  }),
  summary: 'One user: contact, activation, roles, groups and vendor (admins); never a password or token hash',
  tags: ['admin'],
  auth: 'admin',
  params: { userId: z.string().min(1).max(100) },
  answers: { 404: 'There is no such user' },
  documentOf: ({ userId }) => ({ collection: 'users', id: userId, streamId: userStream(userId) }),
  async handle({ params, views }) {
    const user = await views.byId('users', params.userId);
    if (!user) throw problems.notFound('There is no such user.');
    return publicDocument(user);
  },
});

export const adminVendors = readRoute({
  path: '/api/admin/vendors',
  response: pageOf(z.looseObject({ ...VendorCardAnswer.shape, visible: z.boolean(), archived: z.boolean() })),
  summary: 'Every vendor, archived ones too (admins)',
  tags: ['admin', 'vendors'],
  auth: 'admin',
  query: {
    ...pagingShape,
    text: z.string().max(200).optional(),
    archived: z.enum(['true', 'false']).optional(),
    sort: sortParam(['name', 'createdAt', 'updatedAt', 'rating'] as const, '-createdAt'),
  },
  async handle({ query, views, locale }) {
    const filter: Filter = textFilter(query.text);
    if (query.archived) filter.archived = query.archived === 'true';
    const sort = sortOf(query.sort, { name: locale === 'en-US' ? 'name.en' : 'name.he', rating: 'ratingAvg' });
    return listPage(views, 'vendorCards', filter, { sort, start: query.start, limit: query.limit, internal: ['productPrices'] });
  },
});

export function jobReads(jobQueue: JobQueue | undefined): ReadRoute[] {
  const failedJobs = readRoute({
    path: '/api/admin/jobs/failed',
    response: FailedJobsAnswer,
    summary: 'Notification jobs that failed every attempt, newest first, with the reason (admins)',
    tags: ['admin', 'notifications'],
    auth: 'admin',
    query: { limit: pagingShape.limit.default(100) },
    answers: { 404: 'This process runs no job queue' },
    cache: false,
    async handle({ query }) {
      if (!jobQueue) throw problems.notFound('This process runs no job queue.');
      const [items, counts] = await Promise.all([jobQueue.failed({ limit: query.limit }), jobQueue.counts()]);
      return { items, total: counts.failed, counts };
    },
  });
  return [failedJobs];
}

export const adminReads: ReadRoute[] = [adminUsers, adminUser, adminVendors];
