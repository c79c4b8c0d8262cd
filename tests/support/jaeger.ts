/** Reading traces back from Jaeger's query API (scripts/infra starts Jaeger on loopback). */
const QUERY = process.env.JAEGER_QUERY_URL ?? 'http://127.0.0.1:16686';

interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  references: { refType: string; traceID: string; spanID: string }[];
  processID: string;
  startTime: number;
  tags: { key: string; value: unknown }[];
}

export interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string }>;
}

/** One trace by id, or undefined while Jaeger has none of its spans. */
export async function jaegerTrace(traceId: string): Promise<JaegerTrace | undefined> {
  const response = await fetch(`${QUERY}/api/traces/${traceId}`);
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`Jaeger answered ${String(response.status)}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: JaegerTrace[] | null };
  return data?.[0];
}

/**
 * The traces the gateway started for requests whose caller sent a `traceparent` of `callerTraceId`:
 * each one's root span links to the caller's span (Jaeger shows a link as a reference).
 */
export async function jaegerTracesLinkedTo(callerTraceId: string, service = 'boardsync-gateway'): Promise<JaegerTrace[]> {
  const response = await fetch(`${QUERY}/api/traces?service=${encodeURIComponent(service)}&lookback=1h&limit=500`);
  if (!response.ok) throw new Error(`Jaeger answered ${String(response.status)}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: JaegerTrace[] | null };
  // Another trace than the caller's (a span of the caller's own trace names it as its parent's too).
  return (data ?? []).filter(
    (trace) => trace.traceID !== callerTraceId && trace.spans.some((span) => span.references.some((reference) => reference.traceID === callerTraceId)),
  );
}

/** The one trace {@link jaegerTracesLinkedTo} finds, read whole by its id; undefined while Jaeger has none. */
export async function jaegerTraceLinkedTo(callerTraceId: string, service = 'boardsync-gateway'): Promise<JaegerTrace | undefined> {
  const [linking] = await jaegerTracesLinkedTo(callerTraceId, service);
  return linking === undefined ? undefined : jaegerTrace(linking.traceID);
}

export interface ChainLink {
  service: string;
  operationName: string;
  spanId: string;
  /** The parent's id, which may name a span Jaeger does not have (the caller's own). */
  parentSpanId: string | undefined;
  tags: Record<string, unknown>;
}

/** The span `leaf` picks and its ancestors, leaf first, as far up as the trace's spans go. */
export function spanChain(trace: JaegerTrace, leaf: (span: JaegerSpan) => boolean): ChainLink[] {
  const byId = new Map(trace.spans.map((span) => [span.spanID, span]));
  const chain: ChainLink[] = [];
  let current = trace.spans.find(leaf);
  while (current !== undefined && chain.length < 100) {
    const parentSpanId = current.references.find((reference) => reference.refType === 'CHILD_OF')?.spanID;
    chain.push({
      service: trace.processes[current.processID]?.serviceName ?? '',
      operationName: current.operationName,
      spanId: current.spanID,
      parentSpanId,
      tags: Object.fromEntries(current.tags.map(({ key, value }) => [key, value])),
    });
    current = parentSpanId === undefined ? undefined : byId.get(parentSpanId);
  }
  return chain;
}
