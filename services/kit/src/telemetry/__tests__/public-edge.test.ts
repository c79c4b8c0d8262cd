import { describe, expect, it } from '@jest/globals';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { callerSpanContext, parseTraceparent, takeCallerTraceContext } from '../public-edge.ts';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

function requestWith(headers: Record<string, string>): IncomingMessage {
  const request = new IncomingMessage(new Socket());
  Object.assign(request.headers, headers);
  return request;
}

describe("a public caller's trace headers", () => {
  it('are taken off the request, the traceparent kept as a span context to link to, tracestate and baggage dropped', () => {
    const request = requestWith({ traceparent: `00-${TRACE}-${SPAN}-01`, tracestate: 'vendor=x', baggage: 'user=1', accept: '*/*' });
    takeCallerTraceContext(request);
    expect(request.headers).toEqual({ accept: '*/*' });
    expect(callerSpanContext(request)).toEqual({ traceId: TRACE, spanId: SPAN, traceFlags: 1, isRemote: true });
  });

  it('leave nothing to link to when the traceparent is malformed, all zeros, version ff, or version 00 with more fields', () => {
    for (const value of [
      'garbage',
      `00-${'0'.repeat(32)}-${SPAN}-01`,
      `ff-${TRACE}-${SPAN}-01`,
      `00-${TRACE}-${SPAN}-01-extra`,
      `00-${TRACE.toUpperCase()}-${SPAN}-01`,
    ]) {
      expect(parseTraceparent(value)).toBeUndefined();
      const request = requestWith({ traceparent: value });
      takeCallerTraceContext(request);
      expect([request.headers.traceparent, callerSpanContext(request)]).toEqual([undefined, undefined]);
    }
    expect(parseTraceparent(`01-${TRACE}-${SPAN}-00-future`)).toEqual({ traceId: TRACE, spanId: SPAN, traceFlags: 0, isRemote: true });
  });
});
