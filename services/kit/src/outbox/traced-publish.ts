import type { EventBus, OutgoingMessage } from '../bus/port.ts';
import { SpanKind, contextFrom, injectActiveContext, otelTrace, recordFailure, startSpanUnder, type TraceSpan } from '../telemetry/trace-context.ts';

/**
 * Publishes the relay's batch with a `publish <topic>` span per message that carries the trace of
 * the request that wrote it (its outbox row's `traceparent`), so the consumer's span is a child of
 * the publish, which is a child of the write. Messages written outside any trace, and every message
 * while tracing is off, are published as they are.
 */
export async function publishTraced(bus: EventBus, messages: OutgoingMessage[]): Promise<void> {
  const spans: TraceSpan[] = [];
  const outgoing = messages.map((message) => {
    if (message.headers?.traceparent === undefined) return message;
    const parent = contextFrom(message.headers);
    const span = startSpanUnder(parent, `publish ${message.topic}`, {
      kind: SpanKind.PRODUCER,
      attributes: { 'messaging.system': 'kafka', 'messaging.operation.type': 'send', 'messaging.destination.name': message.topic },
    });
    spans.push(span);
    return { ...message, headers: injectActiveContext({ ...message.headers }, otelTrace.setSpan(parent, span)) };
  });
  try {
    await bus.publish(outgoing);
  } catch (error) {
    for (const span of spans) recordFailure(span, error);
    throw error;
  } finally {
    for (const span of spans) span.end();
  }
}
