/**
 * `npm start`: the embedded mode (scripts/embedded/run.ts). Tracing starts first, so the modules
 * the services load are instrumented as they load; with no OTEL_* exporter set it does nothing
 * (services/kit/src/telemetry/start-tracing.ts).
 */
import { startTracing } from '@boardsync/kit/telemetry/start-tracing';

await startTracing('boardsync');
await import('./embedded/run.ts');
