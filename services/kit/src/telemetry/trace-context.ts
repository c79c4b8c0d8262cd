import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';

/**
 * Where a trace crosses something OpenTelemetry's instrumentations cannot see: a row that waits in
 * a table (the outbox, the delivery queue) and a bus message. Only `@opentelemetry/api` here: with
 * no SDK started (OTEL_EXPORTER_OTLP_ENDPOINT unset) every call below is a no-op that costs a
 * function call, and nothing is written to a row or a header.
 */
const tracer = trace.getTracer('@boardsync/kit');

/** A W3C carrier (`traceparent`, and `tracestate` when there is one). */
export type TraceCarrier = Record<string, string>;

/** Adds the active span's context to `carrier` (the outbox row's headers); leaves it as it was when nothing is being traced. */
export function injectActiveContext(carrier: TraceCarrier, from: Context = context.active()): TraceCarrier {
  propagation.inject(from, carrier);
  return carrier;
}

/** The `traceparent` of the active span, to store beside a row that more work starts from later; undefined when nothing is traced. */
export function activeTraceparent(): string | undefined {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a stored carrier names (a row's, a message's headers), or the root when it names none. */
export function contextFrom(carrier: Readonly<Record<string, string | undefined>> | undefined): Context {
  if (carrier === undefined || carrier.traceparent === undefined) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, carrier);
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
}

/** Starts a span whose parent is `parent` (not the active context), for work resumed from a stored carrier. */
export function startSpanUnder(parent: Context, name: string, options: SpanOptions = {}): Span {
  return tracer.startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes ?? {} }, parent);
}

/** Runs `work` in a span under `parent`, ending it with the outcome: an error is recorded and rethrown. */
export async function inSpanUnder<T>(parent: Context, name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const span = startSpanUnder(parent, name, options);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    recordFailure(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Marks a span failed with the error's message (and the exception event). */
export function recordFailure(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** The active span's ids for a log line (`trace_id`, `span_id`), or undefined outside a span. */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (spanContext === undefined || !trace.isSpanContextValid(spanContext)) return undefined;
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/**
 * Names the active server span by its route template (`GET /api/v1/projects/:project`), with
 * `http.route`: for a server that routes by its own table (the gateway), where no router
 * instrumentation does it. A no-op outside a span.
 */
export function nameServerSpan(method: string, route: string): void {
  trace.getActiveSpan()?.updateName(`${method} ${route}`).setAttribute('http.route', route);
}

/** A URL's host alone, for a span's `server.address`: a receiver's or a tool's URL may carry credentials or tokens in its path and query. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

export { SpanKind, context as otelContext, trace as otelTrace, type Context as TraceContext, type Span as TraceSpan };
