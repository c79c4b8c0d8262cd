import { context } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';

/**
 * Runs an outbound call to a third party (a webhook receiver, a URL a tool gave) with tracing
 * suppressed: the undici instrumentation neither starts a span for it nor adds a `traceparent`
 * header, so our trace ids never leave for hosts we do not run. The caller's own span (a delivery
 * attempt) records the call. A no-op while tracing is off.
 */
export function untraced<T>(work: () => T): T {
  return context.with(suppressTracing(context.active()), work);
}
