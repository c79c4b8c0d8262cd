import { randomUUID } from 'node:crypto';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import type { ConversionTarget } from '../domain/conversion.ts';
import { MEDIA, type MediaKind } from '../domain/media-type.ts';
import type { ConversionObserver } from './asset-metrics.ts';
import { geometryOf, requireFormat, requireWithinBounds, type Geometry, type PixelBounds } from './image-bounds.ts';
import { mediaRejections } from './media-rejection.ts';
import { asMediaFailure } from './sharp-failure.ts';
import { SvgSandbox } from './svg-sandbox.ts';
import { WorkPool } from './work-pool.ts';

export type { ConversionTarget } from '../domain/conversion.ts';

export interface ImageProcessorOptions {
  /** Pixels in one frame (sharp's limitInputPixels for a still image). */
  maxInputPixels: number;
  /** Pixels summed over an animation's frames; defaults to `maxInputPixels`, what one still may cost. */
  maxTotalPixels?: number;
  /** Frames in an animation; default 1000. */
  maxFrames?: number;
  /**
   * Pixels (all frames) an image may have to be converted; default `maxTotalPixels`. Encoders hold
   * the whole image and AVIF's cannot be interrupted, so this bound is lower than what is stored as is.
   */
  maxConvertPixels?: number;
  /** AVIF encoder effort, 0 (fastest) to 9. */
  avifEffort: number;
  /** WebP encoder effort, 0 (fastest) to 6; default 4. */
  webpEffort?: number;
  /** Images processed at once. */
  concurrency: number;
  /** Jobs waiting beyond which `process` refuses with 503 `busy` and a Retry-After. */
  maxQueued: number;
  /** An SVG larger than this is 413 `payload_too_large`: the sanitizer parses it whole. */
  svgMaxBytes: number;
  /** Where outputs are written. */
  tempDir: string;
  /** Whole seconds a decode, encode or SVG sanitization may take before it is a 422 `image_too_complex`; default 60. */
  timeoutSeconds?: number;
  /** Told how long each conversion took (`boardsync_asset_conversion_duration_seconds`). */
  conversions?: ConversionObserver;
}

export interface ProcessRequest {
  path: string;
  kind: MediaKind;
  convertTo?: ConversionTarget;
}

export interface ProcessedImage {
  /** `request.path` itself when `transformed` is false; otherwise a new file in tempDir the caller deletes. */
  path: string;
  kind: MediaKind;
  size: number;
  /** One frame's size, as displayed (EXIF orientation applied). */
  width: number;
  height: number;
  pages: number;
  transformed: boolean;
}

export class ImageProcessor {
  private readonly pool: WorkPool;
  private readonly svg: SvgSandbox;
  private readonly bounds: PixelBounds;
  private readonly timeoutSeconds: number;
  private readonly webpEffort: number;
  private readonly options: ImageProcessorOptions;

  /**
   * Sets two process-wide sharp settings, so build one processor per process:
   * - no operation cache: every upload is a different file, so libvips' cache would only hold
   *   memory (up to 50 MB) and open file handles for results nobody asks for twice;
   * - one libvips thread per image: parallelism comes from the pool (`concurrency` images at once,
   *   each on a libuv thread), so on two cores two images use both without oversubscribing, and
   *   peak memory grows with `concurrency`, not with cores × threads. It is sharp's own default on
   *   glibc without jemalloc (less heap fragmentation). libaom still runs its own AVIF threads.
   */
  constructor(options: ImageProcessorOptions) {
    if (!inRange(options.avifEffort, 0, 9) || !inRange(options.webpEffort ?? 4, 0, 6) || !inRange(options.timeoutSeconds ?? 60, 1, 3600)) {
      throw new RangeError('avifEffort must be 0-9, webpEffort 0-6 and timeoutSeconds whole seconds from 1 to 3600');
    }
    this.options = options;
    this.pool = new WorkPool({ concurrency: options.concurrency, maxQueued: options.maxQueued });
    this.bounds = {
      maxInputPixels: options.maxInputPixels,
      maxTotalPixels: options.maxTotalPixels ?? options.maxInputPixels,
      maxFrames: options.maxFrames ?? 1000,
    };
    this.timeoutSeconds = options.timeoutSeconds ?? 60;
    this.webpEffort = options.webpEffort ?? 4;
    this.svg = new SvgSandbox({ timeoutSeconds: this.timeoutSeconds });
    sharp.cache(false);
    sharp.concurrency(1);
  }

  /**
   * Validates (header, pixel bounds, a full decode), sanitizes SVG, converts if asked. A raster
   * that is not converted is kept byte for byte: the result names the input file itself
   * (`transformed: false`). Anything else is written to a new file in tempDir, which the caller
   * deletes; the input file is never modified. Converting to the kind the file already is keeps it.
   */
  async process(request: ProcessRequest): Promise<ProcessedImage> {
    const leave = await this.pool.enter();
    try {
      return await (request.kind === 'svg' ? this.processSvg(request) : this.processRaster(request));
    } finally {
      leave();
    }
  }

  /** Stops the SVG worker; jobs still running fail. */
  async close(): Promise<void> {
    await this.svg.close();
  }

  private async processRaster(request: ProcessRequest): Promise<ProcessedImage> {
    const { size } = await stat(request.path);
    const metadata = await this.vips(request.kind, () => sharp(request.path, this.decoding(false)).metadata());
    requireFormat(metadata, request.kind);
    const geometry = geometryOf(metadata);
    requireWithinBounds(geometry, this.bounds);
    const target = request.convertTo === request.kind ? undefined : request.convertTo;
    if (target === 'avif' && geometry.pages > 1) throw mediaRejections.animatedAvif(geometry.pages);
    if (target) this.requireConvertible(geometry, target);
    if (target) return this.convert(sharp(request.path, { ...this.decoding(true), autoOrient: true }), request.kind, target);
    await this.vips(request.kind, () => this.timed(fullyDecoded(sharp(request.path, this.decoding(true)))).toBuffer());
    return { path: request.path, kind: request.kind, size, ...geometry, transformed: false };
  }

  private async processSvg(request: ProcessRequest): Promise<ProcessedImage> {
    const { size } = await stat(request.path);
    if (size > this.options.svgMaxBytes) throw mediaRejections.svgTooLarge(this.options.svgMaxBytes);
    const clean = Buffer.from(await this.svg.sanitize(decodeUtf8(await readFile(request.path))));
    // From a buffer, librsvg has no base directory to resolve a reference against.
    const metadata = await this.vips('svg', () => sharp(clean, { limitInputPixels: false }).metadata());
    requireFormat(metadata, 'svg');
    const geometry: Geometry = { width: metadata.width, height: metadata.height, pages: 1 };
    if (!request.convertTo) {
      const path = this.outputPath('svg');
      await writeFile(path, clean, { flag: 'wx' });
      return { path, kind: 'svg', size: clean.length, ...geometry, transformed: true };
    }
    requireWithinBounds(geometry, this.bounds);
    this.requireConvertible(geometry, request.convertTo);
    return this.convert(sharp(clean, { limitInputPixels: this.bounds.maxInputPixels, failOn: 'error' }), 'svg', request.convertTo);
  }

  private async convert(image: Sharp, kind: MediaKind, target: ConversionTarget): Promise<ProcessedImage> {
    const path = this.outputPath(target);
    const encoder = target === 'webp' ? image.webp({ effort: this.webpEffort }) : image.avif({ effort: this.options.avifEffort });
    const ended = this.options.conversions?.converting(target);
    try {
      const info = await this.vips(kind, () => this.timed(encoder).toFile(path), path);
      ended?.('converted');
      return { path, kind: target, size: info.size, width: info.width, height: info.pageHeight ?? info.height, pages: info.pages ?? 1, transformed: true };
    } catch (error) {
      ended?.('failed');
      await rm(path, { force: true });
      throw error;
    }
  }

  /**
   * How rasters are read: every frame, front to back, stopping at the first decode error. The
   * header is read without sharp's pixel limit so `requireWithinBounds` can say which bound failed;
   * pixels are only ever decoded with it (with `animated`, sharp counts all frames together).
   */
  private decoding(limited: boolean): SharpOptions {
    return { animated: true, sequentialRead: true, failOn: 'error', limitInputPixels: limited ? this.bounds.maxTotalPixels : false };
  }

  private requireConvertible({ width, height, pages }: Geometry, target: ConversionTarget): void {
    const pixels = width * height * pages;
    const limit = this.options.maxConvertPixels ?? this.bounds.maxTotalPixels;
    if (pixels > limit) {
      throw mediaRejections.imageTooLarge(
        `The image has ${pixels} pixels${pages > 1 ? ` over ${pages} frames` : ''}; at most ${limit} can be converted to ${target.toUpperCase()}. Upload it without conversion, or smaller.`,
      );
    }
  }

  private timed(image: Sharp): Sharp {
    return image.timeout({ seconds: this.timeoutSeconds });
  }

  private async vips<T>(kind: MediaKind, work: () => Promise<T>, outputPath?: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw asMediaFailure(error, {
        kind,
        timeoutSeconds: this.timeoutSeconds,
        maxTotalPixels: this.bounds.maxTotalPixels,
        ...(outputPath ? { outputPath } : {}),
      });
    }
  }

  private outputPath(kind: MediaKind): string {
    return join(this.options.tempDir, `${randomUUID()}${MEDIA[kind].extension}`);
  }
}

/**
 * Only a full decode finds a truncated or corrupt body. Box-shrinking every frame to 8x8 reads each
 * pixel once, streamed, and keeps none: the decoder's own cost (~55 ms for a 10 MB PNG), where
 * `stats()` took four times that (entropy, sharpness and a histogram, each its own pass). No
 * shrink-on-load: JPEG and WebP are decoded at full size, as they would be for a conversion.
 */
function fullyDecoded(image: Sharp): Sharp {
  return image.resize({ width: 8, height: 8, fit: 'fill', fastShrinkOnLoad: false }).raw();
}

function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw mediaRejections.invalidImage('The SVG is not UTF-8 text.', error);
  }
}

function inRange(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}
