import { Problem } from '@boardsync/kit';
import { OutboundRefused, refusedUrlProblem } from '@boardsync/kit/outbound';
import { MEDIA } from '../domain/media-type.ts';
import { MediaRejection } from '../media/media-rejection.ts';
import { StoreUnavailable } from '../object-storage/store-unavailable.ts';
import { FetchFailed } from '../outbound/fetch-image.ts';
import { FileTooLarge } from '../spool/spool.ts';

/** 413 for a file past the one-asset limit, whether a body, a fetched URL or a declared length says so. */
export function payloadTooLarge(tooLarge: FileTooLarge): Problem {
  const { message: detail, maxBytes } = tooLarge;
  return new Problem({ status: 413, code: 'payload_too_large', detail, extensions: { max_bytes: maxBytes }, headers: { Connection: 'close' } });
}

/** The HTTP answer to an image refused by validation or conversion (media/media-rejection.ts). */
function mediaAnswer(error: MediaRejection): Problem {
  const { reason, message: detail } = error;
  const cause = error.cause;
  switch (reason.kind) {
    case 'image_too_large':
    case 'invalid_image':
    case 'image_too_complex':
      return new Problem({ status: 422, code: reason.kind, detail, cause });
    case 'not_an_image':
    case 'unsupported_media_type':
      return new Problem({ status: 415, code: 'unsupported_media_type', detail, extensions: { accepted: Object.keys(MEDIA) } });
    case 'svg_too_large':
      return new Problem({ status: 413, code: 'payload_too_large', detail });
    case 'animated_avif':
      return Problem.validation(
        { convert_to_avif: [`AVIF output cannot hold an animation; this image has ${reason.frames} frames. Use convert_to_webp instead.`] },
        detail,
      );
    case 'busy':
      return new Problem({ status: 503, code: 'busy', detail, headers: { 'Retry-After': String(reason.retryAfterSeconds) } });
  }
}

/**
 * The HTTP answer to what the asset adapters throw: an image refused (MediaRejection), a file too
 * large (FileTooLarge), a URL refused (OutboundRefused) or giving no file (FetchFailed), the object
 * store unreachable (StoreUnavailable). Any other error as it is.
 */
export function answerFor(error: unknown): unknown {
  if (error instanceof MediaRejection) return mediaAnswer(error);
  if (error instanceof FileTooLarge) return payloadTooLarge(error);
  if (error instanceof OutboundRefused) return refusedUrlProblem(error, 'be fetched');
  if (error instanceof FetchFailed) {
    const extensions = { reason: error.reason, ...(error.remoteStatus === undefined ? {} : { remote_status: error.remoteStatus }) };
    return new Problem({ status: 422, code: 'url_fetch_failed', detail: error.message, extensions });
  }
  if (error instanceof StoreUnavailable) return Problem.unavailable(error.message, error.cause);
  return error;
}

/** `work`, with what an adapter throws answered as `answerFor` says. */
export async function answering<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw answerFor(error);
  }
}
