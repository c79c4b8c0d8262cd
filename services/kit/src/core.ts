/**
 * The kit without a database or outbound HTTP: what every service needs, and all the gateway loads.
 * `index.ts` (`@boardsync/kit`) adds the ORM, the outbox and the SSRF-safe client for the services
 * that own a database; importing only this keeps MikroORM, Kysely, pg and undici out of a process's
 * memory (about 17 MB of resident set, bench/idle-rss.ts).
 */
export { ConfigError, env, loadConfigOrExit, metricsPortApart, parseConfig } from './config.ts';
export { createLogger, type Logger, type LoggerSettings } from './logger.ts';
export { currentRequestContext, runWithRequestContext, type RequestContext } from './request-context.ts';
export { nameServerSpan } from './telemetry/trace-context.ts';
export { acceptsOnTheWire } from './contract/wire-form.ts';
export { Problem, isProblem, PROBLEM_TYPE_BASE, type FieldErrors, type ProblemBody, type ProblemInit } from './problem.ts';
export { bodyParser, createInternalApp, createScrapeApp, createServiceApp, createServiceApps, type ServiceAppOptions, type ServiceApps } from './http/app.ts';
export { serveListeners, type ListenerSettings, type Listening } from './http/listeners.ts';
export { mountRouters, type Mountable } from './http/mount.ts';
export { startService, type RunningService, type ServiceParts, type ServiceSettings, type Worker } from './service-parts.ts';
export { periodicTask, type PeriodicTaskOptions } from './periodic-task.ts';
export { createHttpMetrics, type HttpMetrics } from './http/metrics.ts';
export { health, type ReadinessCheck } from './http/health.ts';
export { REQUEST_ID_HEADER, requestIdFor } from './http/request-id.ts';
export { toProblem, writeProblem } from './http/problem-responder.ts';
export { idempotencyKeyOf, REPLAYED_HEADER } from './idempotency/idempotency-key.ts';
export { installGracefulShutdown, serve, type AheadOfApp, type Closable, type RunningServer, type ServeOptions } from './http/serve.ts';
export {
  INTERNAL_PRINCIPAL_HEADER,
  InvalidPrincipalError,
  issuePrincipalToken,
  designerPrincipalToken,
  principalOf,
  requirePrincipal,
  verifyPrincipalToken,
  type Principal,
} from './principal.ts';
export type {
  BatchHandler,
  DeliveredMessage,
  EventBus,
  MessageHandler,
  OutgoingMessage,
  SubscribeCommon,
  SubscribeOptions,
  Subscription,
  TopicLag,
} from './bus/port.ts';
export { DEFAULT_MAX_BATCH } from './bus/port.ts';
export { KafkaBus, MissingTopics, type KafkaBusOptions } from './bus/kafka.ts';
export { kafkaSecurity, kafkaSecurityEnv, type KafkaSecurity, type KafkaSecurityEnv } from './bus/kafka-security.ts';
export { InProcessBus, type InProcessBusOptions } from './bus/in-process.ts';
export { arrayLiteral, placeholders } from './db/placeholders.ts';
export { AddressPolicy, isIpLiteral } from './ssrf/address-policy.ts';
export * from './events.ts';
export { parseRequest } from './validation.ts';
export { withTimeout } from './timeout.ts';
export { WakeSignal } from './wake-signal.ts';
export { SCOPE_DESCRIPTIONS, SCOPE_NAMES, isScope, type Scope } from './scopes.ts';
export { tokenDigest } from './token-digest.ts';
export { addressKey } from './address-key.ts';
export { giveBackOne, type CountingLimiter } from './give-back.ts';
export { sameSecret } from './same-secret.ts';
export { requireAdminToken } from './http/admin-token.ts';
export { apiOperations, serveOperations, type ServedOperation } from './http/api-operations.ts';
export {
  API_PREFIX,
  isApiPath,
  isRead,
  matchRoute,
  ROUTE_METHODS,
  SERVICE_NAMES,
  noRouteProblem,
  requireScope,
  describeScope,
  type RequiredScope,
  type RouteMatch,
  type RouteRule,
  type ApiRoute,
  type ServiceName,
} from './routes.ts';
export { databaseServiceEnv, idempotencyEnv, requireDeclaredTopics, serviceEnv, type DatabaseServiceEnv, type ServiceEnv } from './service-env.ts';
export {
  busFromConfig,
  kafkaEnv,
  postgresEnv,
  productionAdapters,
  redisEnv,
  type DatabaseTarget,
  type KafkaEnv,
  type PostgresEnv,
  type ServiceAdapters,
} from './adapters.ts';
export {
  COMMAND_EXIT,
  SERVICE_ENTRY,
  commandUsage,
  parseServiceCommand,
  runServiceCommand,
  type ParsedCommand,
  type ServiceDefinition,
} from './service-commands.ts';
export { BackgroundSubscriptions, BackgroundTopics } from './bus/background-subscriptions.ts';
export { MAX_PAGE, offsetOf, pageRequest, paginate, type PageLink, type PageRequest, type Paginated } from './pagination.ts';
export { publicPath } from './http/public-path.ts';
export { storedImageTypeOf } from './stored-image-types.ts';
