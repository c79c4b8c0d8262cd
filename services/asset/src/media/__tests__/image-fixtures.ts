import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Sharp } from 'sharp';
import { PNG_SIGNATURE, animatedGif, noise, pngChunk } from '../../../test/support/images.ts';
import { ImageProcessor, type ImageProcessorOptions } from '../image-processor.ts';

/** Images made by sharp itself, written to a directory of their own; nothing binary is committed. */
export class ImageFixtures {
  readonly dir: string;
  private readonly processors: ImageProcessor[] = [];

  private constructor(dir: string) {
    this.dir = dir;
  }

  static async create(): Promise<ImageFixtures> {
    return new ImageFixtures(await mkdtemp(join(tmpdir(), 'asset-media-')));
  }

  async remove(): Promise<void> {
    await Promise.all(this.processors.map((processor) => processor.close()));
    await rm(this.dir, { recursive: true, force: true });
  }

  /** A processor writing to an output directory of its own, so tests can see what it left behind. */
  async processor(options: Partial<ImageProcessorOptions> = {}): Promise<{ processor: ImageProcessor; outputDir: string }> {
    const outputDir = await mkdtemp(join(this.dir, 'out-'));
    const processor = new ImageProcessor({
      maxInputPixels: 10_000_000,
      avifEffort: 2,
      concurrency: 2,
      maxQueued: 8,
      svgMaxBytes: 64 * 1024,
      tempDir: outputDir,
      ...options,
    });
    this.processors.push(processor);
    return { processor, outputDir };
  }

  async outputs(outputDir: string): Promise<string[]> {
    return readdir(outputDir);
  }

  async file(name: string, bytes: Buffer | string): Promise<string> {
    const path = join(this.dir, name);
    await writeFile(path, bytes);
    return path;
  }

  /** Noise, so encoders have something to chew on and truncation hits real image data. */
  noise(width: number, height: number): Sharp {
    return noise(width, height);
  }

  /** An animated GIF of solid frames, 120 ms each. */
  animatedGif(frames: number, width = 40, height = 30): Promise<Buffer> {
    return animatedGif(frames, width, height, 120);
  }
}

/**
 * A valid PNG header declaring `width`×`height` RGB pixels, followed by a few rows of zeros: a few
 * hundred bytes on disk that would need gigabytes once decoded.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc((width * 3 + 1) * 4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
