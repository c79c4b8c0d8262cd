import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
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
    return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  }

  /** An animated GIF of solid frames. */
  async animatedGif(frames: number, width = 40, height = 30): Promise<Buffer> {
    const colours = ['#f00', '#0f0', '#00f', '#ff0'];
    const stills = await Promise.all(
      Array.from({ length: frames }, (_, index) =>
        sharp({ create: { width, height, channels: 4, background: colours[index % colours.length] ?? '#000' } })
          .png()
          .toBuffer(),
      ),
    );
    return sharp(stills, { join: { animated: true } })
      .gif({ delay: stills.map(() => 120), loop: 0 })
      .toBuffer();
  }
}

/**
 * A valid PNG header declaring `width`×`height` RGB pixels, followed by a few rows of zeros: a few
 * hundred bytes on disk that would need gigabytes once decoded.
 */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc((width * 3 + 1) * 4))), chunk('IEND', Buffer.alloc(0))]);
}
