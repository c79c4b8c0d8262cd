import type { MediaKind } from '../domain/media-type.ts';
import { MediaRejection, mediaRejections } from './media-rejection.ts';

export interface FailureContext {
  kind: MediaKind;
  timeoutSeconds: number;
  maxTotalPixels: number;
  /** The file being written, if any: a failure naming it is ours (disk, permissions), not the image's. */
  outputPath?: string;
}

/**
 * Turns a libvips failure into the refusal the client should be given. sharp reports everything as a
 * plain Error with libvips' message, so the message is all there is to go on; what is not
 * recognisably the image's fault (our output file, a vanished input) stays an internal error.
 */
export function asMediaFailure(error: unknown, context: FailureContext): unknown {
  if (!(error instanceof Error) || error instanceof MediaRejection) return error;
  const { message } = error;
  if (context.outputPath !== undefined && message.includes(context.outputPath)) return error;
  if (message.startsWith('Input file is missing')) return error;
  if (message.includes('exceeds pixel limit')) {
    return mediaRejections.imageTooLarge(`The image has more than ${context.maxTotalPixels} pixels (all frames together), the most accepted.`);
  }
  if (/^timeout: /m.test(message)) {
    return mediaRejections.tooComplex(`The image took longer than ${context.timeoutSeconds} seconds to process; simplify it or upload a smaller one.`, error);
  }
  if (message.includes('unsupported image format')) return mediaRejections.unsupportedMediaType(context.kind, undefined);
  return mediaRejections.invalidImage(`The ${context.kind.toUpperCase()} image could not be decoded: it is corrupt or truncated.`, error);
}
