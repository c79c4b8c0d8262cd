/**
 * OpenTelemetry for one process, started before the service's modules are loaded (by
 * `node --import @boardsync/kit/telemetry/register`, register.ts, so koa, pg, ioredis and undici are
 * patched as they load). Off unless an OTLP endpoint or a traces exporter is configured with the standard
 * variables (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_TRACES_EXPORTER;
 * OTEL_SDK_DISABLED=true wins): then nothing below is even imported, the API stays a no-op, and a
 * process pays neither the SDK's memory nor a hook on every module load.
 */
import type { IncomingMessage } from 'node:http';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { callerSpanContext } from './public-edge.ts';
import { statementWithoutLiterals } from './statement-text.ts';

export interface Tracing {
  readonly name: string;
  /** Whether spans are exported (the OTEL_* variables asked for it). */
  readonly enabled: boolean;
  /** Sends the spans still buffered, then stops the SDK (last in a graceful shutdown). */
  close(): Promise<void>;
}

type Env = Readonly<Record<string, string | undefined>>;

/** True when the standard OTEL_* variables ask for traces to be exported. */
export function tracingRequested(env: Env = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter === 'none') return false;
  return Boolean(exporter || env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

// Probes and scrapes would be most of the spans and none of the answers.
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/livez', '/metrics']);
const untracedIncoming = (request: IncomingMessage): boolean => UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? '');

const OFF: Tracing = { name: 'tracing', enabled: false, close: () => Promise.resolve() };
let started: Tracing = OFF;

/**
 * What {@link startTracing} started in this process (for a module loaded after it, to close it
 * last). `logger` is warned when OTEL_* asks for traces but nothing started them: the process was
 * run without `--import @boardsync/kit/telemetry/register`.
 */
export function startedTracing(logger?: { warn(message: string): void }): Tracing {
  if (started === OFF && tracingRequested()) {
    logger?.warn('OTEL_* asks for traces, but tracing was not started: run node --import @boardsync/kit/telemetry/register src/main.ts');
  }
  return started;
}

/**
 * Starts the SDK when {@link tracingRequested}; `service` is `service.name` unless OTEL_SERVICE_NAME
 * says otherwise. Off, it returns a handle whose close does nothing.
 */
export async function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): Promise<Tracing> {
  if (!tracingRequested(env)) return OFF;
  // Only traces: the metrics are prom-client's on /metrics, the logs pino's on stdout.
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  // W3C trace context alone: the SDK's default adds W3C baggage, and a caller's baggage (up to 8 KB
  // of whatever it chose) would then ride through the gateway into every outbox row and Kafka message.
  env.OTEL_PROPAGATORS ??= 'tracecontext';
  // koa ships an ES module build: only an import hook sees it load. Limited to the modules that
  // need it, so every other import is left alone.
  const { register } = await import('import-in-the-middle/register-hooks.mjs');
  register({ include: ['koa', '@koa/router'] });
  const [
    { NodeSDK },
    { HttpInstrumentation },
    { UndiciInstrumentation },
    { KoaInstrumentation, KoaLayerType },
    { PgInstrumentation },
    { IORedisInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-koa'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
  ]);
  // Library spans only inside a trace: the relay's, the workers' and the pollers' statements on
  // their own would be a root trace each, several a second, and say nothing.
  const instrumentations: Instrumentation[] = [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: untracedIncoming,
      requireParentforOutgoingSpans: true,
      // A public caller's own trace, kept as a link of the trace the gateway starts (public-edge.ts).
      requestHook: (span, request) => {
        const caller = 'headers' in request && !('setHeader' in request) ? callerSpanContext(request) : undefined;
        if (caller) span.addLink({ context: caller });
      },
    }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
    // Router layers name the route; a span per middleware would be noise.
    new KoaInstrumentation({ ignoreLayersType: [KoaLayerType.MIDDLEWARE] }),
    // The statement's text without its values (MikroORM writes them into it): statement-text.ts.
    new PgInstrumentation({
      requireParentSpan: true,
      requestHook: (span, { query }) => span.setAttribute('db.query.text', statementWithoutLiterals(query.text) ?? '?'),
    }),
    new IORedisInstrumentation({ requireParentSpan: true }),
  ];
  const sdk = new NodeSDK({ serviceName: env.OTEL_SERVICE_NAME ?? service, instrumentations });
  sdk.start();
  started = { name: 'tracing', enabled: true, close: () => sdk.shutdown() };
  return started;
}
