import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/**
 * Test images, made at test time (sharp for real images, a few bytes by hand for the broken and
 * the hostile ones): nothing binary is committed. Small on purpose: AVIF encoding is slow.
 */
export type RasterKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

/** Noise, so the encoders have real data to chew on (and a truncation cuts into pixels, not padding). */
export function noise(width: number, height: number): Sharp {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
}

export function raster(kind: RasterKind, width = 40, height = 30): Promise<Buffer> {
  const image = noise(width, height);
  switch (kind) {
    case 'jpeg':
      return image.jpeg().toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'webp':
      return image.webp().toBuffer();
    case 'avif':
      return image.avif({ effort: 0 }).toBuffer();
  }
}

export const png = (width = 40, height = 30): Promise<Buffer> => raster('png', width, height);

/** A solid-colour PNG whose encoded size does not depend on chance (same dimensions, same bytes). */
export function solidPng(width: number, height: number, colour = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A `width`×`height` SVG that also carries what sanitizing must remove (a script, an event handler). */
export function svg(width = 64, height = 48): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}" viewBox="0 0 ${String(width)} ${String(height)}">` +
      `<script>alert(1)</script>` +
      `<rect x="4" y="4" width="${String(width - 8)}" height="${String(height - 8)}" fill="#c33" onclick="alert(2)"/>` +
      `<circle cx="${String(width / 2)}" cy="${String(height / 2)}" r="8" fill="#fff"/>` +
      `</svg>\n`,
  );
}

/** An animated GIF of `frames` solid frames, each shown `delayMs`. */
export async function animatedGif(frames: number, width = 40, height = 30, delayMs = 100): Promise<Buffer> {
  const colours = ['#f00', '#0f0', '#00f', '#ff0'];
  const stills = await Promise.all(
    Array.from({ length: frames }, (_, index) =>
      sharp({ create: { width, height, channels: 4, background: colours[index % colours.length] ?? '#000' } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(stills, { join: { animated: true } })
    .gif({ delay: stills.map(() => delayMs), loop: 0 })
    .toBuffer();
}

/** A JPEG cut off halfway through its scan data: the header reads, the pixels do not. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await noise(64, 64).jpeg({ quality: 90 }).toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** A minimal but real PDF: not an image, whatever it is called. */
export function pdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' + 'trailer << /Root 1 0 R >>\n%%EOF\n',
  );
}

/** An HTML page: something a browser would run, sent as an "SVG". */
export function html(): Buffer {
  return Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(document.cookie)</script><svg width="10" height="10"></svg></body></html>\n');
}

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A decompression bomb: a complete, valid `size`×`size` single-colour PNG (1-bit greyscale, every
 * row zero) that is a few kilobytes on disk and billions of bytes decoded. Written by hand: asking
 * sharp to encode 400 million pixels would take the test's whole time budget.
 */
export function pngBomb(size = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(size / 8) + 1) * size); // filter byte 0 and zero pixels, every row
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * A valid PNG of exactly `totalBytes`, as a stream of chunks (never one big buffer): a small image
 * followed by a private ancillary chunk (`paDd`, which decoders skip) of zeros, then IEND. One
 * zero buffer is yielded again and again.
 */
export async function paddedPng(totalBytes: number): Promise<{ size: number; chunks: () => Generator<Buffer> }> {
  const image = await solidPng(40, 30);
  const iend = image.subarray(image.length - 12);
  const beforeIend = image.subarray(0, image.length - 12);
  const padding = totalBytes - beforeIend.length - iend.length - 12; // the pad chunk's length, type and CRC
  if (padding < 0) throw new RangeError(`a PNG cannot be as small as ${String(totalBytes)} bytes here`);
  const zeros = Buffer.alloc(64 * 1024);
  const type = Buffer.from('paDd', 'latin1');
  let crc = crc32(type);
  for (let left = padding; left > 0; left -= zeros.length) crc = crc32(zeros.subarray(0, Math.min(left, zeros.length)), crc);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(padding);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc >>> 0);
  return {
    size: totalBytes,
    *chunks() {
      yield Buffer.concat([beforeIend, length, type]);
      for (let left = padding; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
      yield Buffer.concat([tail, iend]);
    },
  };
}

/** `totalBytes` of something that starts like a PNG, as a stream of one reused chunk: for size limits only. */
export function oversizedStream(totalBytes: number): Generator<Buffer> {
  return (function* () {
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    PNG_SIGNATURE.copy(chunk);
    yield Buffer.from(chunk.subarray(0, Math.min(chunk.length, totalBytes)));
    chunk.fill(0x41, 0, PNG_SIGNATURE.length);
    for (let left = totalBytes - chunk.length; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  })();
}

/** What sharp makes of stored bytes. */
export async function decoded(
  bytes: Buffer,
): Promise<{ format: string | undefined; compression: string | undefined; width: number; height: number; pages: number }> {
  const metadata = await sharp(bytes, { animated: true }).metadata();
  const pages = metadata.pages ?? 1;
  return {
    format: metadata.format,
    compression: metadata.compression,
    width: metadata.width,
    height: pages > 1 ? (metadata.pageHeight ?? metadata.height / pages) : metadata.height,
    pages,
  };
}
