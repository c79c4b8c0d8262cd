import { Problem } from '@boardsync/kit';
import { MEDIA } from '../domain/media-type.ts';
import { MediaRejection } from '../media/media-rejection.ts';

/** The HTTP answer to an image refused by validation or conversion (media/media-rejection.ts); any other error as it is. */
export function mediaAnswer(error: unknown): unknown {
  if (!(error instanceof MediaRejection)) return error;
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

/** `work`, with an image refusal it throws answered as `mediaAnswer` says. */
export async function answeringMedia<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw mediaAnswer(error);
  }
}
