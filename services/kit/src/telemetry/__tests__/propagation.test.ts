import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { DeliveredMessage, EventBus, OutgoingMessage } from '../../bus/port.ts';
import { handleTraced } from '../../bus/traced-handling.ts';
import { publishTraced } from '../../outbox/traced-publish.ts';
import { activeTraceIds, injectActiveContext } from '../trace-context.ts';

// The hand-made links of a trace (outbox row → publish → Kafka headers → process), against the SDK
// itself with an in-memory exporter: what a span's parent is, what a header then says.
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const tracer = provider.getTracer('test');
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
});
afterAll(() => {
  trace.disable();
  propagation.disable();
  context.disable();
});
beforeEach(() => {
  exporter.reset();
});

const idsOf = (traceparent: string | undefined) => {
  const [, traceId, spanId] = TRACEPARENT.exec(traceparent ?? '') ?? [];
  return { traceId, spanId };
};

class CapturingBus implements Pick<EventBus, 'publish'> {
  readonly published: OutgoingMessage[] = [];
  failWith: Error | undefined;
  publish(messages: OutgoingMessage[]): Promise<void> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.published.push(...messages);
    return Promise.resolve();
  }
}

const delivered = (headers: Record<string, string>, offset = '7'): DeliveredMessage => ({
  topic: 'components.changed',
  key: '12',
  value: new Uint8Array(),
  headers,
  partition: 0,
  offset,
  attempt: 1,
  heartbeat: () => Promise.resolve(),
});

describe('a trace carried through the outbox and the bus', () => {
  it('stores the active span in an outbox row’s headers, and nothing outside a span', () => {
    const write = tracer.startSpan('POST components/batch');
    const carrier = context.with(trace.setSpan(context.active(), write), () => injectActiveContext({ 'x-kept': 'yes' }));
    expect(idsOf(carrier.traceparent)).toEqual({ traceId: write.spanContext().traceId, spanId: write.spanContext().spanId });
    expect(carrier['x-kept']).toBe('yes');
    expect(injectActiveContext({})).toEqual({});
    write.end();
  });

  it('publishes a row’s message under a producer span that is the child of the write, and names that span in the Kafka headers', async () => {
    const write = tracer.startSpan('POST components/batch');
    const headers = context.with(trace.setSpan(context.active(), write), () => injectActiveContext({}));
    const bus = new CapturingBus();
    const untouched: OutgoingMessage = { topic: 'components.changed', key: '3', value: new Uint8Array() };
    await publishTraced(bus as unknown as EventBus, [{ topic: 'components.changed', key: '12', value: new Uint8Array(), headers }, untouched]);

    const [publish] = exporter.getFinishedSpans();
    expect(publish).toMatchObject({ name: 'publish components.changed', kind: SpanKind.PRODUCER });
    expect(publish?.parentSpanContext?.spanId).toBe(write.spanContext().spanId);
    expect(idsOf(bus.published[0]?.headers?.traceparent)).toEqual({ traceId: write.spanContext().traceId, spanId: publish?.spanContext().spanId });
    // The row's own headers are left as stored; a message of no trace goes out as it came.
    expect(headers.traceparent).not.toBe(bus.published[0]?.headers?.traceparent);
    expect(bus.published[1]).toBe(untouched);
    write.end();
  });

  it('marks the publish span failed when the broker refuses the batch, and still ends it', async () => {
    const write = tracer.startSpan('write');
    const headers = context.with(trace.setSpan(context.active(), write), () => injectActiveContext({}));
    const bus = new CapturingBus();
    bus.failWith = new Error('broker down');
    await expect(publishTraced(bus as unknown as EventBus, [{ topic: 't', key: 'k', value: new Uint8Array(), headers }])).rejects.toThrow('broker down');
    expect(exporter.getFinishedSpans().map((span) => span.status.code)).toEqual([SpanStatusCode.ERROR]);
    write.end();
  });

  it('runs a handler inside a consumer span that is the child of the publish, with its log ids and the headers naming it', async () => {
    const publish = tracer.startSpan('publish');
    const headers = injectActiveContext({}, trace.setSpan(context.active(), publish));
    let seen: { active: ReturnType<typeof activeTraceIds>; traceparent: string | undefined } | undefined;
    await handleTraced([delivered(headers)], 'webhook-fan-out', ([message]) => {
      seen = { active: activeTraceIds(), traceparent: message?.headers.traceparent };
      return Promise.resolve();
    });
    const [process] = exporter.getFinishedSpans();
    expect(process).toMatchObject({ name: 'process components.changed', kind: SpanKind.CONSUMER });
    expect(process?.attributes).toMatchObject({ 'messaging.consumer.group.name': 'webhook-fan-out', 'messaging.kafka.offset': 7 });
    expect(process?.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect(seen?.active).toEqual({ trace_id: publish.spanContext().traceId, span_id: process?.spanContext().spanId });
    expect(idsOf(seen?.traceparent).spanId).toBe(process?.spanContext().spanId);
    publish.end();
  });

  it('gives each message of a batch its own consumer span, fails them all with the handler, and rethrows', async () => {
    const [one, two] = [tracer.startSpan('a'), tracer.startSpan('b')];
    const batch = [one, two].map((span, index) => delivered(injectActiveContext({}, trace.setSpan(context.active(), span)), String(index)));
    let active: ReturnType<typeof activeTraceIds> = { trace_id: 'x', span_id: 'y' };
    await expect(
      handleTraced(batch, 'g', () => {
        active = activeTraceIds();
        return Promise.reject(new Error('database gone'));
      }),
    ).rejects.toThrow('database gone');
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.parentSpanContext?.spanId).sort()).toEqual([one.spanContext().spanId, two.spanContext().spanId].sort());
    expect(spans.map((span) => span.status.code)).toEqual([SpanStatusCode.ERROR, SpanStatusCode.ERROR]);
    // Several traces' work in one call belongs to none of them.
    expect(active).toBeUndefined();
    one.end();
    two.end();
  });

  it('hands messages of no trace to the handler as they came, with no span', async () => {
    const message = delivered({ 'x-other': '1' });
    let given: readonly DeliveredMessage[] = [];
    await handleTraced([message], 'g', (messages) => {
      given = messages;
      return Promise.resolve();
    });
    expect(given[0]).toBe(message);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
