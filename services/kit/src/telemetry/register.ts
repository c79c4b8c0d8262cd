/**
 * `node --import @boardsync/kit/telemetry/register src/main.ts` (how every image and script starts a
 * service): tracing starts before any of the service's modules is loaded, so koa, pg, ioredis and
 * undici are instrumented as they load. From main.ts it would be too late: an ES module's imports
 * are all loaded before its first line runs. The service is OTEL_SERVICE_NAME, else the package
 * that holds the entry file (`@boardsync/gateway` → gateway). With no OTEL_* exporter set it does nothing.
 */
import { packageNameOf } from './package-name.ts';
import { startTracing } from './start-tracing.ts';

await startTracing(packageNameOf(process.argv[1] ?? '') ?? 'boardsync');
