import { Problem } from '@boardsync/kit';
import { MEDIA, type MediaKind } from '../domain/media-type.ts';

function unsupported(detail: string): Problem {
  return new Problem({ status: 415, code: 'unsupported_media_type', detail, extensions: { accepted: Object.keys(MEDIA) } });
}

/** The answers image validation and conversion give; one place so codes and wording stay together. */
export const mediaProblems = {
  imageTooLarge(detail: string): Problem {
    return new Problem({ status: 422, code: 'image_too_large', detail });
  },

  invalidImage(detail: string, cause?: unknown): Problem {
    return new Problem({ status: 422, code: 'invalid_image', detail, cause });
  },

  /** Past a time or memory bound that pixel counts do not capture: an SVG filter bomb, a huge drawing. */
  tooComplex(detail: string, cause?: unknown): Problem {
    return new Problem({ status: 422, code: 'image_too_complex', detail, cause });
  },

  /** Bytes that are none of the six image types. */
  notAnImage(): Problem {
    return unsupported('The file is not a JPEG, PNG, GIF, WebP, AVIF or SVG image (judged by its bytes, not its name).');
  },

  unsupportedMediaType(kind: MediaKind, found: string | undefined): Problem {
    return unsupported(`The file starts like ${kind.toUpperCase()} but does not decode as one${found === undefined ? '' : ` (it reads as ${found})`}.`);
  },

  svgTooLarge(limitBytes: number): Problem {
    return new Problem({
      status: 413,
      code: 'payload_too_large',
      detail: `SVG files are limited to ${limitBytes} bytes (they are parsed whole to be sanitized).`,
    });
  },

  animatedAvif(frames: number): Problem {
    return Problem.validation(
      { convert_to_avif: [`AVIF output cannot hold an animation; this image has ${frames} frames. Use convert_to_webp instead.`] },
      `AVIF output cannot hold an animation (this image has ${frames} frames); convert it with convert_to_webp, or upload it unconverted.`,
    );
  },

  busy(retryAfterSeconds: number): Problem {
    return new Problem({
      status: 503,
      code: 'busy',
      detail: 'Too many images are being processed right now; try again shortly.',
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  },
};
