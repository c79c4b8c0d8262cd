import type { MediaKind } from '../domain/media-type.ts';

/** Why an image was refused; use-cases/adapter-answers.ts gives each its HTTP answer. */
export type MediaRejectionReason =
  | { kind: 'image_too_large' }
  | { kind: 'invalid_image' }
  | { kind: 'image_too_complex' }
  | { kind: 'not_an_image' }
  | { kind: 'unsupported_media_type' }
  | { kind: 'svg_too_large'; limitBytes: number }
  | { kind: 'animated_avif'; frames: number }
  | { kind: 'busy'; retryAfterSeconds: number };

/** An image refused by validation or conversion (or not processed now: busy), with the sentence a client reads. */
export class MediaRejection extends Error {
  override readonly name = 'MediaRejection';
  readonly reason: MediaRejectionReason;

  constructor(reason: MediaRejectionReason, detail: string, cause?: unknown) {
    super(detail, cause === undefined ? undefined : { cause });
    this.reason = reason;
  }
}

/** The refusals image validation and conversion make; one place so that reasons and wording stay together. */
export const mediaRejections = {
  imageTooLarge(detail: string): MediaRejection {
    return new MediaRejection({ kind: 'image_too_large' }, detail);
  },

  invalidImage(detail: string, cause?: unknown): MediaRejection {
    return new MediaRejection({ kind: 'invalid_image' }, detail, cause);
  },

  /** Past a time or memory bound that pixel counts do not capture: an SVG filter bomb, a huge drawing. */
  tooComplex(detail: string, cause?: unknown): MediaRejection {
    return new MediaRejection({ kind: 'image_too_complex' }, detail, cause);
  },

  /** Bytes that are none of the six image types. */
  notAnImage(): MediaRejection {
    return new MediaRejection({ kind: 'not_an_image' }, 'The file is not a JPEG, PNG, GIF, WebP, AVIF or SVG image (judged by its bytes, not its name).');
  },

  unsupportedMediaType(kind: MediaKind, found: string | undefined): MediaRejection {
    return new MediaRejection(
      { kind: 'unsupported_media_type' },
      `The file starts like ${kind.toUpperCase()} but does not decode as one${found === undefined ? '' : ` (it reads as ${found})`}.`,
    );
  },

  svgTooLarge(limitBytes: number): MediaRejection {
    return new MediaRejection({ kind: 'svg_too_large', limitBytes }, `SVG files are limited to ${limitBytes} bytes (they are parsed whole to be sanitized).`);
  },

  animatedAvif(frames: number): MediaRejection {
    return new MediaRejection(
      { kind: 'animated_avif', frames },
      `AVIF output cannot hold an animation (this image has ${frames} frames); convert it with convert_to_webp, or upload it unconverted.`,
    );
  },

  busy(retryAfterSeconds: number): MediaRejection {
    return new MediaRejection({ kind: 'busy', retryAfterSeconds }, 'Too many images are being processed right now; try again shortly.');
  },
};
