import express, { type Router } from 'express';
import { systemClock } from '../domain/ports/clock.ts';
import type { RouteSpec } from '../infra/http/route-spec.ts';
import { createOutboxMailer } from './activation-mailer.ts';
import { createCommandDeps, type CommandDeps } from './command-deps.ts';
import { mountRoutes, type CommandRoute } from './command-route.ts';
import { createIdempotency } from './idempotency.ts';
import type { CommandApiLogger, CommandApiPorts } from './ports.ts';
import { adminRoutes } from './routes/admin-routes.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { engagementRoutes } from './routes/engagement-routes.ts';
import { orderRoutes } from './routes/order-routes.ts';
import { productRoutes } from './routes/product-routes.ts';
import { vendorRoutes } from './routes/vendor-routes.ts';

export type { CommandApiPorts } from './ports.ts';

const consoleLogger: CommandApiLogger = {
  info: (message) => console.info(message),
  warn: (message) => console.warn(message),
  error: (error, message) => console.error(message ?? 'command-api error', error),
};

/** Every command route, in the order they are mounted; built from the deps so tests can list them. */
export function commandRoutes(deps: CommandDeps): CommandRoute[] {
  return [...authRoutes(deps), ...vendorRoutes(deps), ...productRoutes(deps), ...orderRoutes(deps), ...engagementRoutes(deps), ...adminRoutes(deps)];
}

/**
 * The RouteSpec list without running anything (for GET /api/openapi.json and docs). Route factories
 * only close over their deps and touch them when a request is handled, so placeholders do here.
 */
export function commandRouteSpecs(): RouteSpec[] {
  const unused = {} as CommandDeps;
  return commandRoutes({ ...unused, execute: unused.execute }).map((route) => route.spec);
}

/**
 * The command API as an Express router mounted at the root (paths start with /api/). `routes` is the
 * RouteSpec list for GET /api/openapi.json.
 */
export function createCommandApi(ports: CommandApiPorts): { router: Router; routes: RouteSpec[] } {
  if (ports.jwtSecret.length < 32) throw new Error('createCommandApi: jwtSecret must be at least 32 characters');
  const clock = ports.clock ?? systemClock;
  const logger = ports.logger ?? consoleLogger;
  const deps = createCommandDeps({
    eventStore: ports.eventStore,
    paymentGateway: ports.paymentGateway,
    clock,
    tokens: { secret: ports.jwtSecret, accessTtlSeconds: ports.accessTokenTtlSeconds, refreshTtlSeconds: ports.refreshTokenTtlSeconds },
    mailer: ports.activationMailer ?? createOutboxMailer((line) => logger.info(line)),
    logger,
  });
  const routes = commandRoutes(deps);
  const router = express.Router();
  mountRoutes(router, routes, {
    jwtSecret: ports.jwtSecret,
    clock,
    idempotency: createIdempotency({ eventStore: ports.eventStore, clock, waitMs: ports.idempotencyWaitMs }),
    bodyLimit: ports.bodyLimit ?? '100kb',
    logError: (error) => logger.error(error),
  });
  return { router, routes: routes.map((route) => route.spec) };
}
