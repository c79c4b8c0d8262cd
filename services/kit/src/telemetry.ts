/** Spans a service starts itself (a delivery attempt, an internalize job): `@boardsync/kit/telemetry`. */
export {
  contextFrom,
  hostOf,
  inSpanUnder,
  otelContext,
  recordFailure,
  SpanKind,
  startSpanUnder,
  type SpanOptions,
  type TraceContext,
  type TraceSpan,
} from './telemetry/trace-context.ts';
