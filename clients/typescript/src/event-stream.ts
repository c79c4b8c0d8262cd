/** One server-sent event: its name (`message` when none was given), id, and data lines joined. */
export interface ServerSentEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * The events of a `text/event-stream` body as they arrive (the HTML standard's parsing: `field:
 * value` lines, a blank line ends an event, `:` lines are comments), from a fetch body, so it runs
 * in browsers, Node.js and edge runtimes alike.
 */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent, void, undefined> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let event: { event: string; id: string | undefined; data: string[] } = { event: 'message', id: undefined, data: [] };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = lineEnd(buffer); end >= 0; end = lineEnd(buffer)) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(buffer[end] === '\r' && buffer[end + 1] === '\n' ? end + 2 : end + 1);
        if (line === '') {
          if (event.data.length > 0) yield { event: event.event, id: event.id, data: event.data.join('\n') };
          event = { event: 'message', id: event.id, data: [] };
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event.event = value;
        else if (field === 'data') event.data.push(value);
        else if (field === 'id' && !value.includes('\0')) event.id = value;
      }
    }
  } finally {
    // Not awaited: a body teed elsewhere (a `response.clone()`) settles its cancel only when every branch is cancelled.
    reader.cancel().catch(() => undefined);
  }
}

function lineEnd(buffer: string): number {
  const cr = buffer.indexOf('\r');
  const lf = buffer.indexOf('\n');
  if (cr < 0) return lf;
  if (lf < 0) return cr === buffer.length - 1 ? -1 : cr;
  return Math.min(cr, lf);
}
