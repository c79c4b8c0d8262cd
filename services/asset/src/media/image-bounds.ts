import type { Metadata } from 'sharp';
import type { MediaKind } from '../domain/media-type.ts';
import { mediaRejections } from './media-rejection.ts';

/** One frame's size as shown (EXIF orientation applied), and how many frames there are. */
export interface Geometry {
  width: number;
  height: number;
  pages: number;
}

export interface PixelBounds {
  /** Pixels in one frame. */
  maxInputPixels: number;
  /** Pixels summed over all frames of an animation. */
  maxTotalPixels: number;
  maxFrames: number;
}

/** What libvips calls each kind; AVIF is HEIF with AV1 inside (HEIC is HEIF with HEVC, refused). */
const VIPS_FORMAT: Record<MediaKind, string> = { jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', avif: 'heif', svg: 'svg' };

/** 415 when the decoder reads the bytes as something other than what sniffing said. */
export function requireFormat(metadata: Metadata, kind: MediaKind): void {
  const matches = metadata.format === VIPS_FORMAT[kind] && (kind !== 'avif' || metadata.compression === 'av1');
  if (!matches) throw mediaRejections.unsupportedMediaType(kind, metadata.compression ?? metadata.format);
}

/** With `animated: true`, libvips reports an animation as one tall strip of `pages` frames. */
export function geometryOf(metadata: Metadata): Geometry {
  const pages = metadata.pages ?? 1;
  if (pages > 1) return { width: metadata.width, height: metadata.pageHeight ?? metadata.height / pages, pages };
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height, pages };
}

/**
 * Judged on the header alone, before a pixel is decoded: a small file declaring a huge canvas or
 * thousands of frames (a decompression bomb) is refused here, never allocated.
 */
export function requireWithinBounds(geometry: Geometry, bounds: PixelBounds): void {
  const { width, height, pages } = geometry;
  const framePixels = width * height;
  if (framePixels > bounds.maxInputPixels) {
    throw mediaRejections.imageTooLarge(`The image is ${width}x${height} (${framePixels} pixels); at most ${bounds.maxInputPixels} pixels are accepted.`);
  }
  if (pages > bounds.maxFrames) {
    throw mediaRejections.imageTooLarge(`The animation has ${pages} frames; at most ${bounds.maxFrames} frames are accepted.`);
  }
  if (framePixels * pages > bounds.maxTotalPixels) {
    throw mediaRejections.imageTooLarge(
      `The animation's ${pages} frames of ${width}x${height} add up to ${framePixels * pages} pixels; at most ${bounds.maxTotalPixels} pixels are accepted across all frames.`,
    );
  }
}
