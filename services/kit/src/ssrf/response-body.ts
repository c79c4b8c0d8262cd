import { Readable } from 'node:stream';
import { errors as undiciErrors, type Dispatcher } from 'undici';
import { OutboundFailed } from './outbound-errors.ts';

/** What the safe client hands back of a response: its headers flattened and its body capped. */
export function flattenHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/**
 * The body as a byte stream that errors once past maxBytes, and turns every read failure into an
 * OutboundFailed. Destroying it (or its erroring) destroys the source, which aborts the request:
 * undici closes a connection whose response was not read to the end.
 */
export function cappedBody(source: Dispatcher.ResponseData['body'], maxBytes: number, signal: AbortSignal): Readable {
  let size = 0;
  const capped = new Readable({
    highWaterMark: 64 * 1024,
    read: () => {
      source.resume();
    },
    destroy: (error, callback) => {
      source.destroy();
      callback(error);
    },
  });
  source.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) capped.destroy(new OutboundFailed('too_large', `The response is larger than ${maxBytes} bytes.`));
    else if (!capped.push(chunk)) source.pause();
  });
  source.on('end', () => capped.push(null));
  // Kept after capped is destroyed: the source's own abort error must never go unhandled.
  source.on('error', (error) => capped.destroy(readFailure(error, signal)));
  return capped;
}

function readFailure(error: Error, signal: AbortSignal): OutboundFailed {
  if (error instanceof OutboundFailed) return error;
  if (signal.aborted || error instanceof undiciErrors.BodyTimeoutError) {
    return new OutboundFailed('timeout', 'The remote server did not answer in time.', { cause: error });
  }
  return new OutboundFailed('connection', 'The response was cut off.', { cause: error });
}
