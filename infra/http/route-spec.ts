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
  response?: z.core.$ZodType;
  /** Status of success, default 200. */
  successStatus?: number;
  /**
   * Which pipeline serves it: the command API's (command-api/command-route.ts) or the query API's
   * (query-api/create-query-api.ts); the error answers each pipeline can give follow from it (route-answers.ts).
   */
  api?: 'command' | 'query';
  /** A read that takes `minRevision` (read-your-writes: 409, 504). */
  readYourWrites?: boolean;
  /** Error answers of this route's own handler beyond what its pipeline gives, with why (e.g. 402 on pay). */
  answers?: Record<number, string>;
}
