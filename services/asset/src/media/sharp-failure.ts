import { isProblem } from '@boardsync/kit';
import type { MediaKind } from '../domain/media-type.ts';
import { mediaProblems } from './media-errors.ts';

export interface FailureContext {
  kind: MediaKind;
  timeoutSeconds: number;
  maxTotalPixels: number;
  /** The file being written, if any: a failure naming it is ours (disk, permissions), not the image's. */
  outputPath?: string;
}

/**
 * Turns a libvips failure into the answer the client should see. sharp reports everything as a
 * plain Error with libvips' message, so the message is all there is to go on; what is not
 * recognisably the image's fault (our output file, a vanished input) stays an internal error.
 */
export function asMediaFailure(error: unknown, context: FailureContext): unknown {
  if (!(error instanceof Error) || isProblem(error)) return error;
  const { message } = error;
  if (context.outputPath !== undefined && message.includes(context.outputPath)) return error;
  if (message.startsWith('Input file is missing')) return error;
  if (message.includes('exceeds pixel limit')) {
    return mediaProblems.imageTooLarge(`The image has more than ${context.maxTotalPixels} pixels (all frames together), the most accepted.`);
  }
  if (/^timeout: /m.test(message)) {
    return mediaProblems.tooComplex(`The image took longer than ${context.timeoutSeconds} seconds to process; simplify it or upload a smaller one.`, error);
  }
  if (message.includes('unsupported image format')) return mediaProblems.unsupportedMediaType(context.kind, undefined);
  return mediaProblems.invalidImage(`The ${context.kind.toUpperCase()} image could not be decoded: it is corrupt or truncated.`, error);
}
