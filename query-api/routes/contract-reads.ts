import { z } from 'zod';
import { ContractAnswer, NamedContractAnswer, pageOf } from '../answer-schemas.ts';
import type { Filter } from '../../domain/ports/view-store.ts';
import { partiesOf, type Actor } from '../../domain/shared/actor.ts';
import { ContractStatus } from '../../domain/contract/events.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';
import { withParticipants } from '../participants.ts';
import { contractStream } from '../../domain/contract/decider.ts';

// Contracts over `contracts`: the customer, the vendor's owner, admins; anyone else 404. Each answer
// names both parties (customerName, vendorName), so each side sees who the contract is with.
const party = (actor: Actor, contract: Record<string, unknown>): boolean =>
  partiesOf(actor, { customerId: String(contract.customerId), vendorId: String(contract.vendorId) }).length > 0;

export const myContracts = readRoute({
  path: '/api/contracts',
  response: pageOf(NamedContractAnswer),
  summary: "The caller's contracts, as customer or as vendor",
  tags: ['contracts'],
  auth: 'user',
  query: {
    ...pagingShape,
    status: ContractStatus.optional(),
    orderId: z.string().min(1).max(100).optional(),
    as: z.enum(['customer', 'vendor']).optional(),
    sort: sortParam(['updatedAt', 'createdAt'] as const, '-updatedAt'),
  },
  async handle({ query, views, actor }) {
    const sides: Filter[] = [];
    if (query.as !== 'vendor') sides.push({ customerId: actor.userId });
    if (query.as !== 'customer' && actor.vendorId) sides.push({ vendorId: actor.vendorId });
    const filter: Filter = sides.length === 0 ? { _id: { $in: [] } } : { $or: sides };
    if (query.status) filter.status = query.status;
    if (query.orderId) filter.orderId = query.orderId;
    const page = await listPage(views, 'contracts', filter, { sort: sortOf(query.sort), start: query.start, limit: query.limit });
    return { ...page, items: await withParticipants(views, page.items) };
  },
});

export const contractById = readRoute({
  path: '/api/contracts/:id',
  response: NamedContractAnswer,
  summary: 'One contract with its signatures and timeline (its parties and admins)',
  tags: ['contracts'],
  auth: 'user',
  params: { id: z.string().min(1).max(100) },
  documentOf: ({ id }) => ({ collection: 'contracts', id, streamId: contractStream(id) }),
  async handle({ params, views, actor }) {
    const contract = await views.byId('contracts', params.id);
    if (!contract || !party(actor, contract)) throw problems.notFound('There is no such contract.');
    const [named] = await withParticipants(views, [publicDocument(contract)]);
    return named;
  },
});

export const adminContracts = readRoute({
  path: '/api/admin/contracts',
  response: pageOf(ContractAnswer),
  summary: 'Every contract, by status, customer, vendor or order (admins)',
  tags: ['admin', 'contracts'],
  auth: 'admin',
  query: {
    ...pagingShape,
    status: ContractStatus.optional(),
    customerId: z.string().min(1).max(100).optional(),
    vendorId: z.string().min(1).max(100).optional(),
    orderId: z.string().min(1).max(100).optional(),
    sort: sortParam(['updatedAt', 'createdAt'] as const, '-updatedAt'),
  },
  async handle({ query, views }) {
    const filter: Filter = {};
    for (const field of ['status', 'customerId', 'vendorId', 'orderId'] as const) if (query[field]) filter[field] = query[field];
    return listPage(views, 'contracts', filter, { sort: sortOf(query.sort), start: query.start, limit: query.limit });
  },
});

export const contractReads: ReadRoute[] = [myContracts, contractById, adminContracts];
