import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@boardsync/kit/testing';
import { RunningSystem } from './support/running-system.ts';
import { SERVICES } from './support/standalone-env.ts';
import { jaegerTraceLinkedTo, jaegerTracesLinkedTo, spanChain, type JaegerTrace } from './support/jaeger.ts';

// One component write, through the gateway, as one trace in a real Jaeger (scripts/infra
// starts it): the gateway's and the catalog's HTTP spans, the outbox publish, the webhook's consume
// and the delivery attempt, each the child of the one before. The trace is the gateway's own: a
// caller's traceparent is a link of it, never its parent.
const OTLP = process.env.JAEGER_OTLP_URL ?? 'http://127.0.0.1:4318';
const traced = (service: string) => ({ OTEL_EXPORTER_OTLP_ENDPOINT: OTLP, OTEL_SERVICE_NAME: `boardsync-${service}`, OTEL_BSP_SCHEDULE_DELAY: '100' });
const system = new RunningSystem({
  ...Object.fromEntries(SERVICES.map((service) => [service, traced(service)])),
  webhook: { ...traced('webhook'), SSRF_ALLOW_CIDRS: '127.0.0.1/32' },
});
const received: IncomingHttpHeaders[] = [];
let receiver: Server;
let receiverUrl: string;
let token: string;
let project: number;

async function api(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${system.gateway}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    req.on('end', () => res.end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hook`;
  await system.start();
  token = await system.personalToken(['projects:write', 'components:write', 'webhooks:write']);
  project = ((await (await api('POST', '/projects', { name: 'Traced Isles' })).json()) as { data: { id: number } }).data.id;
  expect((await api('POST', '/webhooks', { url: receiverUrl, events: ['components.changed'] })).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await system.stop();
  await new Promise((resolve) => receiver.close(resolve));
}, 60_000);

describe('one change, one trace', () => {
  it('follows a component write from the caller through the gateway, the catalog, the outbox and Kafka to the webhook delivery attempt', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const written = await api(
      'POST',
      `/projects/${String(project)}/components/batch`,
      { type: 'card', components: [{ unique_id: 'lighthouse', name: 'Lighthouse' }] },
      { traceparent: `00-${traceId}-${callerSpan}-01` },
    );
    expect(written.status).toBe(201);
    await eventually(() => (received.some((headers) => headers['x-svc-event'] === 'components.changed') ? true : undefined), 30_000, 'the delivery');

    // Spans are batched for 100 ms and Jaeger indexes them as they come: wait for the last one.
    const trace: JaegerTrace = await eventually(
      async () => {
        const found = await jaegerTraceLinkedTo(traceId);
        return found?.spans.some((span) => span.operationName.startsWith('webhook delivery')) ? found : undefined;
      },
      30_000,
      `the trace linked to ${traceId}, with its delivery span, in Jaeger`,
    );
    const chain = spanChain(trace, (span) => span.operationName === 'webhook delivery components.changed');
    const services = chain.map((span) => span.service);
    // From the delivery back up to the gateway's span, which starts the trace and links to the caller's.
    expect(trace.traceID).not.toBe(traceId);
    expect(chain.at(-1)?.parentSpanId).toBeUndefined();
    const root = trace.spans.find((span) => span.spanID === chain.at(-1)?.spanId);
    expect(root?.references).toEqual([expect.objectContaining({ traceID: traceId, spanID: callerSpan })]);
    expect(services[0]).toBe('boardsync-webhook');
    expect(services.at(-1)).toBe('boardsync-gateway');
    const names = chain.map((span) => `${span.service} ${span.operationName}`).reverse();
    const order = [
      /^boardsync-gateway POST \/api\/v1\/projects\/:project\/components\/batch$/,
      /^boardsync-catalog POST/,
      /^boardsync-catalog publish catalog\.components\.changed$/,
      /^boardsync-webhook process catalog\.components\.changed$/,
      /^boardsync-webhook webhook delivery components\.changed$/,
    ];
    const positions = order.map((pattern) => names.findIndex((name) => pattern.test(name)));
    expect({ names, positions }).toEqual({ names, positions: [...positions].sort((a, b) => a - b) });
    expect(positions.every((position) => position >= 0)).toBe(true);
    const delivery = chain[0];
    expect(delivery?.tags['http.response.status_code']).toBe(200);
    expect(delivery?.tags['boardsync.delivery.outcome']).toBe('succeeded');
    // The catalog's own statements are spans of the write (the pg instrumentation).
    expect(trace.spans.some((span) => trace.processes[span.processID]?.serviceName === 'boardsync-catalog' && span.operationName.startsWith('pg.'))).toBe(true);
  });

  it('sends no trace header to a receiver: trace ids never leave for hosts boardsync does not run', () => {
    const deliveries = received.filter((headers) => headers['x-svc-event'] === 'components.changed');
    expect(deliveries.length).toBeGreaterThan(0);
    for (const headers of deliveries) expect([headers.traceparent, headers.tracestate]).toEqual([undefined, undefined]);
  });

  it("joins each log line written inside a span to it: the catalog's access log line carries the trace id beside the request id", async () => {
    const traceId = randomBytes(16).toString('hex');
    const response = await api(
      'POST',
      `/projects/${String(project)}/components/batch`,
      { type: 'card', components: [{ unique_id: 'harbor', name: 'Harbor' }] },
      { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    );
    expect(response.status).toBe(201);
    const requestId = response.headers.get('x-request-id');
    const line = await eventually(
      () =>
        system
          .outputOf('catalog')
          .split('\n')
          .filter((text) => text.startsWith('{'))
          .map((text) => JSON.parse(text) as Record<string, unknown>)
          .find((entry) => entry.request_id === requestId && entry.trace_id !== undefined),
      10_000,
      `a catalog log line of request ${String(requestId)} with a trace_id`,
    );
    const trace = await eventually(() => jaegerTraceLinkedTo(traceId), 30_000, `the trace linked to ${traceId}`);
    expect(line).toMatchObject({ trace_id: trace.traceID, request_id: requestId, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });
  it('exports SQL statements without their values: nothing a designer wrote, and no receiver URL, reaches the trace backend', async () => {
    const [writeTrace, registerTrace] = [randomBytes(16).toString('hex'), randomBytes(16).toString('hex')];
    const traceparent = (traceId: string): string => `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
    const name = `Sunken Vault ${randomBytes(6).toString('hex')}`;
    const secret = randomBytes(12).toString('hex');
    const batch = { type: 'card', components: [{ unique_id: 'vault', name, notes: `the key is ${secret}` }] };
    const written = await api('POST', `/projects/${String(project)}/components/batch`, batch, { traceparent: traceparent(writeTrace) });
    expect(written.status).toBe(201);
    const registered = await api(
      'POST',
      '/webhooks',
      { url: `${receiverUrl}?token=${secret}`, events: ['project.updated'] },
      { traceparent: traceparent(registerTrace) },
    );
    expect(registered.status).toBe(201);
    const statementsOf = (trace: JaegerTrace, service: string): string[] =>
      trace.spans
        .filter((span) => trace.processes[span.processID]?.serviceName === service)
        .flatMap((span) => span.tags.filter((tag) => tag.key === 'db.query.text').map((tag) => String(tag.value)));
    const traceWithInsert = (caller: string, service: string): Promise<JaegerTrace> =>
      eventually(
        async () => {
          const found = await jaegerTraceLinkedTo(caller);
          return found && statementsOf(found, service).some((text) => /^insert/i.test(text)) ? found : undefined;
        },
        30_000,
        `the trace linked to ${caller}, with ${service}'s insert, in Jaeger`,
      );
    const traces = [await traceWithInsert(writeTrace, 'boardsync-catalog'), await traceWithInsert(registerTrace, 'boardsync-webhook')];
    // The statements are there, each value a placeholder (keywords such as true and null stay).
    const inserted = statementsOf(traces[1] as JaegerTrace, 'boardsync-webhook').find((text) => /^insert/i.test(text));
    expect(inserted).toMatch(/"url".* values \(\?, /i);
    expect(inserted).not.toContain("'");
    const exported = JSON.stringify(traces);
    expect([name, secret].filter((value) => exported.includes(value))).toEqual([]);
  });

  it('starts a trace of its own for each outside request: a caller cannot pin requests into one trace or hide them unsampled, and its tracestate goes nowhere', async () => {
    const traceId = randomBytes(16).toString('hex');
    const headers = { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-00`, tracestate: `vendor=${randomBytes(8).toString('hex')}` };
    const reader = await system.personalToken(['projects:read']);
    for (const path of ['/projects', '/projects?per_page=5']) {
      const response = await fetch(`${system.gateway}/api/v1${path}`, { headers: { authorization: `Bearer ${reader}`, ...headers } });
      expect(response.status).toBe(200);
    }
    const traces = await eventually(
      async () => {
        const found = await jaegerTracesLinkedTo(traceId);
        return found.length >= 2 ? found : undefined;
      },
      30_000,
      `two traces linked to ${traceId}`,
    );
    const ids = traces.map((trace) => trace.traceID);
    expect(new Set(ids).size).toBe(2);
    expect(ids).not.toContain(traceId);
    expect(JSON.stringify(traces)).not.toContain(headers.tracestate.slice('vendor='.length));
  });
});
