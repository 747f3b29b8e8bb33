import express, { type Router } from 'express';
import { systemClock } from '../domain/ports/clock.ts';
import { problemHandler } from '../infra/http/problem.ts';
import { accessGuard, noAccessRules } from '../infra/http/access-guard.ts';
import type { RouteSpec } from '../infra/http/route-spec.ts';
import { createMemoryAttemptLimiter } from '../infra/attempt-limiter/memory-attempt-limiter.ts';
import { createMemorySingleUseTokens } from '../infra/single-use-tokens/memory-single-use-tokens.ts';
import { createSecurityChallenges } from './security-challenge.ts';
import { SESSIONS_REVOKED } from '../domain/ports/realtime.ts';
import type { Realtime } from '../domain/ports/realtime.ts';
import type { Clock } from '../domain/ports/clock.ts';
import { createOutboxMailer } from './activation-mailer.ts';
import { createCommandDeps, type CommandDeps } from './command-deps.ts';
import { commandReadsInProcess, type CommandReads } from './in-process-reads.ts';
import { mountRoutes, type CommandRoute } from './command-route.ts';
import { createIdempotency } from './idempotency.ts';
import type { CommandApiLogger, CommandApiPorts } from './ports.ts';
import { adminRoutes } from './routes/admin-routes.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { busyWindowRoutes } from './routes/busy-window-routes.ts';
import { calendarSyncRoutes } from './routes/calendar-sync-routes.ts';
import { contractRoutes } from './routes/contract-routes.ts';
import { quoteRequestRoutes } from './routes/quote-request-routes.ts';
import { conversationRoutes } from './routes/conversation-routes.ts';
import { favoriteRoutes } from './routes/favorite-routes.ts';
import { notificationRoutes } from './routes/notification-routes.ts';
import { trackingRoutes } from './routes/tracking-routes.ts';
import { mediaRoutes } from './routes/media-routes.ts';
import { serveMediaFiles } from './media-files.ts';
import { orderRoutes } from './routes/order-routes.ts';
import { productRoutes } from './routes/product-routes.ts';
import { vendorRoutes } from './routes/vendor-routes.ts';
import { vendorMediaRoutes } from './routes/vendor-media-routes.ts';
import { phoneNumberDispenseRoutes } from './routes/phone-number-dispense-routes.ts';
import { addressRoutes } from './routes/address-routes.ts';
import { paymentsPlaygroundRoutes } from './routes/payments-playground-routes.ts';
import { EXPORT_FILE_PATH, exportDownloads, exportRoutes } from './routes/export-routes.ts';

export type { CommandApiPorts } from './ports.ts';

const consoleLogger: CommandApiLogger = {
  info: (message) => console.info(message),
  warn: (message) => console.warn(message),
  error: (error, message) => console.error(message ?? 'command-api error', error),
};

/** Publishes that a user's sessions ended, for the realtime hub to close their sockets (best effort: the tokens are refused anyway). */
function sessionsRevokedAnnouncer(realtime: Realtime, clock: Clock, logger: CommandApiLogger) {
  return (userId: string) => {
    realtime.publish({ userId, kind: SESSIONS_REVOKED, payload: { at: clock.now().toISOString() } })
      .catch((error: unknown) => logger.warn(`could not announce revoked sessions of ${userId}: ${error instanceof Error ? error.message : String(error)}`));
  };
}

/** Every command route, in the order they are mounted; built from the deps so tests can list them. */
export function commandRoutes(deps: CommandDeps): CommandRoute[] {
  return [
    ...authRoutes(deps), ...vendorRoutes(deps), ...vendorMediaRoutes(deps), ...productRoutes(deps), ...orderRoutes(deps),
    ...favoriteRoutes(deps), ...busyWindowRoutes(deps), ...calendarSyncRoutes(deps), ...conversationRoutes(deps), ...contractRoutes(deps), ...quoteRequestRoutes(deps), ...notificationRoutes(deps), ...trackingRoutes(deps),
    ...adminRoutes(deps), ...phoneNumberDispenseRoutes(deps), ...mediaRoutes(deps), ...addressRoutes(deps), ...paymentsPlaygroundRoutes(deps), ...exportRoutes(deps),
  ];
}

/**
 * The RouteSpec list without running anything (for GET /api/openapi.json and docs). Route factories
 * only bind their aggregates and touch the ports when a request is handled, so placeholders do here.
 */
export function commandRouteSpecs(): RouteSpec[] {
  return commandRoutes(createCommandDeps({} as Parameters<typeof createCommandDeps>[0])).map((route) => route.spec);
}

/** Every path the command API's router answers lies under these (main.ts enters it for those paths only). */
export const COMMAND_API_PATH_PREFIXES = ['/api/', '/media/'] as const;

/**
 * The command API as an Express router mounted at the root (paths start with /api/). `routes` is the
 * RouteSpec list for GET /api/openapi.json.
 */
export function createCommandApi(ports: CommandApiPorts): { router: Router; routes: RouteSpec[]; read: CommandReads } {
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
    attemptLimiter: ports.attemptLimiter ?? createMemoryAttemptLimiter(),
    passwordGuessPolicies: ports.passwordGuessPolicies,
    mailRequestPolicies: ports.mailRequestPolicies,
    securityChallenges: createSecurityChallenges({
      secret: ports.jwtSecret, usedTokens: ports.singleUseTokens ?? createMemorySingleUseTokens(), difficulty: ports.securityChallengeDifficulty,
    }),
    mediaStorage: ports.mediaStorage,
    calendarFetch: ports.calendarFetch,
    passwordHashCost: ports.passwordHashCost,
    onSessionsRevoked: ports.realtime ? sessionsRevokedAnnouncer(ports.realtime, clock, logger) : undefined,
  });
  const routes = commandRoutes(deps);
  const router = express.Router();
  const mount = {
    jwtSecret: ports.jwtSecret,
    clock,
    idempotency: createIdempotency({ store: ports.idempotencyStore, eventStore: ports.eventStore, clock, waitMs: ports.idempotencyWaitMs, staleMs: ports.idempotencyStaleMs }),
    bodyLimit: ports.bodyLimit ?? '100kb',
    authorize: accessGuard(ports.accessRules ?? noAccessRules),
    logError: (error: unknown) => logger.error(error),
  };
  mountRoutes(router, routes, mount);
  if (ports.mediaStorage) router.get('/media/:mediaId/:fileName', serveMediaFiles({ eventStore: ports.eventStore, storage: ports.mediaStorage }));
  // An analysts' export's file, by the secret link its progress answers (routes/export-routes.ts).
  router.get(EXPORT_FILE_PATH, exportDownloads(deps));
  // Errors raised before a route's handler (a path parameter that is not valid percent-encoding)
  // leave as problem+json too, whatever is mounted after this router.
  router.use(problemHandler((error) => logger.error(error)));
  // The reads the storefront's server pass makes in process (command-api/in-process-reads.ts).
  return { router, routes: routes.map((route) => route.spec), read: commandReadsInProcess(routes, mount) };
}
