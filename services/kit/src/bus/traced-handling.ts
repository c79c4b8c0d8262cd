import { ROOT_CONTEXT } from '@opentelemetry/api';
import {
  SpanKind,
  contextFrom,
  injectActiveContext,
  otelContext,
  otelTrace,
  recordFailure,
  startSpanUnder,
  type TraceContext,
  type TraceSpan,
} from '../telemetry/trace-context.ts';
import type { DeliveredMessage } from './port.ts';

/**
 * One handler call on `messages`, with a `process <topic>` span per message whose headers carry a
 * trace (a child of its `publish` span, so the consumer's work is part of the trace that caused it).
 * The handler sees each traced message's `traceparent` naming its own process span, so work it
 * stores for later (a delivery row) continues from there. A call on one message runs inside that
 * message's span; a batch of several runs outside any, its statements being no one trace's. While
 * tracing is off no header carries a trace and the handler is called as it is.
 */
export async function handleTraced(
  messages: readonly DeliveredMessage[],
  group: string | undefined,
  handle: (messages: DeliveredMessage[]) => Promise<void>,
): Promise<void> {
  if (!messages.some((message) => message.headers.traceparent !== undefined)) return handle([...messages]);
  const spans: TraceSpan[] = [];
  const contexts: TraceContext[] = [];
  const traced = messages.map((message) => {
    if (message.headers.traceparent === undefined) return message;
    const parent = contextFrom(message.headers);
    const span = startSpanUnder(parent, `process ${message.topic}`, {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'process',
        'messaging.destination.name': message.topic,
        'messaging.destination.partition.id': String(message.partition),
        'messaging.kafka.offset': Number(message.offset),
        'messaging.kafka.message.key': message.key,
        'messaging.consumer.group.name': group ?? '',
        'boardsync.delivery.attempt': message.attempt,
      },
    });
    const inSpan = otelTrace.setSpan(parent, span);
    spans.push(span);
    contexts.push(inSpan);
    return { ...message, headers: injectActiveContext({ ...message.headers }, inSpan) };
  });
  const [only] = traced.length === 1 ? contexts : [];
  try {
    await otelContext.with(only ?? ROOT_CONTEXT, () => handle(traced));
  } catch (error) {
    for (const span of spans) recordFailure(span, error);
    throw error;
  } finally {
    for (const span of spans) span.end();
  }
}
