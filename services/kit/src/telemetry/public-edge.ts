import type { IncomingMessage } from 'node:http';
import { TraceFlags, isSpanContextValid, type SpanContext } from '@opentelemetry/api';

/**
 * The W3C trace headers of a request that comes from outside (the gateway's public listener). A
 * caller's `traceparent` is not continued there: followed, it would let a client without a token
 * force the sampling of everything it sends (filling the exporter's queue, so real spans are
 * dropped), pin all its requests into one trace, or hide its writes with an unsampled flag. So the
 * headers are taken off the request before tracing reads them: the gateway starts a trace of its
 * own, sampled by its own sampler (OTEL_TRACES_SAMPLER), and links it to the caller's span (the
 * link carries no `tracestate`, which is dropped).
 */
const CALLER = Symbol('the caller’s trace context');
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

type EdgeRequest = IncomingMessage & { [CALLER]?: SpanContext };

/** The span context a `traceparent` names (W3C Trace Context, version 00 or a later one read as 00), or undefined. */
export function parseTraceparent(value: string | undefined): SpanContext | undefined {
  const match = TRACEPARENT.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const [, version = '', traceId = '', spanId = '', flags = ''] = match;
  if (version === 'ff' || (version === '00' && match[5] !== undefined)) return undefined;
  const context: SpanContext = { traceId, spanId, traceFlags: Number.parseInt(flags, 16) & TraceFlags.SAMPLED, isRemote: true };
  return isSpanContextValid(context) ? context : undefined;
}

/** Takes the caller's `traceparent`, `tracestate` and `baggage` off `request`, keeping the caller's span context for a link. */
export function takeCallerTraceContext(request: IncomingMessage): void {
  const { headers } = request;
  const traceparent = headers.traceparent;
  if (traceparent === undefined && headers.tracestate === undefined && headers.baggage === undefined) return;
  const caller = parseTraceparent(Array.isArray(traceparent) ? undefined : traceparent);
  delete headers.traceparent;
  delete headers.tracestate;
  delete headers.baggage;
  if (caller) (request as EdgeRequest)[CALLER] = caller;
}

/** The caller's span context {@link takeCallerTraceContext} kept, for the request's span to link to. */
export function callerSpanContext(request: IncomingMessage): SpanContext | undefined {
  return (request as EdgeRequest)[CALLER];
}
