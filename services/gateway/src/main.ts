// Tracing starts before the service's modules load, so koa, pg, ioredis and undici are instrumented
// as they load (kit's telemetry/start-tracing.ts); with no OTEL_* exporter set it does nothing.
import { startTracing } from '@boardsync/kit/telemetry/start-tracing';

await startTracing('gateway');
await import('./run.ts');
