import type { z } from 'zod';

// Every HTTP route of the command and query APIs is declared once as a RouteSpec: the routers use
// the schemas to validate, and query-api/openapi.ts turns the same list into GET /api/openapi.json.
export interface RouteSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path, e.g. /api/orders/:id/pay */
  path: string;
  summary: string;
  tags: string[];
  /** Who may call it: public, any signed-in user, a vendor, an admin, or the superUsers group. */
  auth: 'public' | 'user' | 'vendor' | 'admin' | 'superUsers';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of the 2xx answer, when it has one. */
  response?: z.ZodType;
  /** Status of success, default 200. */
  successStatus?: number;
}
