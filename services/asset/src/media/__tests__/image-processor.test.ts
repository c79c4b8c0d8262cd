import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { isProblem } from '@boardsync/kit';
import sharp from 'sharp';
import { ImageFixtures } from './image-fixtures.ts';
import { answerFor } from '../../use-cases/adapter-answers.ts';

let fixtures: ImageFixtures;

beforeAll(async () => {
  fixtures = await ImageFixtures.create();
});

afterAll(async () => {
  await fixtures.remove();
});

const digest = async (path: string): Promise<string> =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

describe('ImageProcessor: rasters', () => {
  it('keeps an unconverted raster byte for byte, as the input file itself', async () => {
    const { processor, outputDir } = await fixtures.processor();
    const path = await fixtures.file('plain.png', await fixtures.noise(64, 48).png().toBuffer());
    const before = await digest(path);
    const processed = await processor.process({ path, kind: 'png' });
    expect(processed).toEqual({ path, kind: 'png', size: (await stat(path)).size, width: 64, height: 48, pages: 1, transformed: false });
    expect(await digest(path)).toBe(before);
    expect(await fixtures.outputs(outputDir)).toEqual([]);
  });

  it.each(['webp', 'avif'] as const)('converts a JPEG to %s at the same dimensions, into a new file', async (target) => {
    const { processor, outputDir } = await fixtures.processor();
    const path = await fixtures.file(`photo-${target}.jpg`, await fixtures.noise(64, 48).jpeg().toBuffer());
    const before = await digest(path);
    const processed = await processor.process({ path, kind: 'jpeg', convertTo: target });
    expect(processed).toMatchObject({ kind: target, width: 64, height: 48, pages: 1, transformed: true });
    expect(processed.path.startsWith(outputDir)).toBe(true);
    expect(processed.path.endsWith(`.${target}`)).toBe(true);
    const output = await sharp(processed.path).metadata();
    expect({ format: output.format, width: output.width, height: output.height }).toEqual({
      format: 'webp' === target ? 'webp' : 'heif',
      width: 64,
      height: 48,
    });
    expect(output.format === 'heif' ? output.compression : 'av1').toBe('av1');
    expect((await stat(processed.path)).size).toBe(processed.size);
    expect(await digest(path)).toBe(before);
  });

  it('reports and converts a JPEG as displayed: EXIF orientation applied', async () => {
    const { processor } = await fixtures.processor();
    const path = await fixtures.file('rotated.jpg', await fixtures.noise(64, 48).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    expect(await processor.process({ path, kind: 'jpeg' })).toMatchObject({ width: 48, height: 64, transformed: false });
    const converted = await processor.process({ path, kind: 'jpeg', convertTo: 'webp' });
    expect(converted).toMatchObject({ width: 48, height: 64 });
    expect(await sharp(converted.path).metadata()).toMatchObject({ width: 48, height: 64 });
  });

  it('keeps every frame and the timing of an animated GIF converted to WebP', async () => {
    const { processor } = await fixtures.processor();
    const path = await fixtures.file('spinner.gif', await fixtures.animatedGif(3));
    expect(await processor.process({ path, kind: 'gif' })).toMatchObject({ path, width: 40, height: 30, pages: 3, transformed: false });
    const processed = await processor.process({ path, kind: 'gif', convertTo: 'webp' });
    expect(processed).toMatchObject({ kind: 'webp', width: 40, height: 30, pages: 3 });
    const output = await sharp(processed.path, { animated: true }).metadata();
    expect({ format: output.format, pages: output.pages, pageHeight: output.pageHeight, width: output.width, delay: output.delay }).toEqual({
      format: 'webp',
      pages: 3,
      pageHeight: 30,
      width: 40,
      delay: [120, 120, 120],
    });
  });

  it('refuses an animation to AVIF (it cannot hold one) and writes nothing', async () => {
    const { processor, outputDir } = await fixtures.processor();
    const path = await fixtures.file('to-avif.gif', await fixtures.animatedGif(2));
    const error = await processor.process({ path, kind: 'gif', convertTo: 'avif' }).catch((caught: unknown) => answerFor(caught));
    expect(isProblem(error) && { status: error.status, code: error.code }).toEqual({ status: 422, code: 'validation_failed' });
    expect(error instanceof Error && error.message).toMatch(/AVIF output cannot hold an animation.*convert_to_webp/);
    expect(await fixtures.outputs(outputDir)).toEqual([]);
  });

  it('converts an animated WebP to WebP by keeping it as it is', async () => {
    const { processor, outputDir } = await fixtures.processor();
    const animated = await sharp(await fixtures.animatedGif(2), { animated: true })
      .webp()
      .toBuffer();
    const path = await fixtures.file('already.webp', animated);
    expect(await processor.process({ path, kind: 'webp', convertTo: 'webp' })).toMatchObject({ path, kind: 'webp', pages: 2, transformed: false });
    expect(await fixtures.outputs(outputDir)).toEqual([]);
  });

  it('accepts an AVIF as AVIF', async () => {
    const { processor } = await fixtures.processor();
    const path = await fixtures.file('still.avif', await fixtures.noise(32, 16).avif({ effort: 0 }).toBuffer());
    expect(await processor.process({ path, kind: 'avif' })).toMatchObject({ path, kind: 'avif', width: 32, height: 16, pages: 1 });
  });
});

describe('ImageProcessor: SVG', () => {
  const drawing = (extra = ''): string =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="90" height="60" onload="alert(1)"><script>alert(1)</script><rect width="90" height="60" fill="teal"/>${extra}</svg>`;

  it('always writes a sanitized copy and leaves the upload alone', async () => {
    const { processor, outputDir } = await fixtures.processor();
    const path = await fixtures.file('drawing.svg', `\uFEFF${drawing()}`);
    const before = await digest(path);
    const processed = await processor.process({ path, kind: 'svg' });
    expect(processed).toMatchObject({ kind: 'svg', width: 90, height: 60, pages: 1, transformed: true });
    expect(processed.path.startsWith(outputDir)).toBe(true);
    const text = await readFile(processed.path, 'utf8');
    expect(text).not.toMatch(/script|onload/);
    expect(text).toContain('fill="teal"');
    expect(processed.size).toBe(Buffer.byteLength(text));
    expect(await digest(path)).toBe(before);
  });

  it.each(['webp', 'avif'] as const)('rasterizes the sanitized SVG to %s at its size', async (target) => {
    const { processor } = await fixtures.processor();
    const path = await fixtures.file(`drawing-${target}.svg`, drawing());
    const processed = await processor.process({ path, kind: 'svg', convertTo: target });
    expect(processed).toMatchObject({ kind: target, width: 90, height: 60, transformed: true });
    expect(await sharp(processed.path).metadata()).toMatchObject({ width: 90, height: 60 });
  });

  it('refuses an entity bomb with 422 invalid_image', async () => {
    const { processor } = await fixtures.processor();
    const entities = Array.from({ length: 9 }, (_, level) => `<!ENTITY e${level + 1} "${`&e${level};`.repeat(10)}">`).join('');
    const path = await fixtures.file(
      'laughs.svg',
      `<!DOCTYPE svg [<!ENTITY e0 "lol">${entities}]><svg xmlns="http://www.w3.org/2000/svg"><text>&e9;</text></svg>`,
    );
    const error = await processor.process({ path, kind: 'svg' }).catch((caught: unknown) => answerFor(caught));
    expect(isProblem(error) && { status: error.status, code: error.code, detail: error.message }).toEqual({
      status: 422,
      code: 'invalid_image',
      detail: 'SVG files with entity declarations or a DOCTYPE internal subset are not accepted.',
    });
  });

  it('refuses an SVG over svgMaxBytes with 413 before parsing it', async () => {
    const { processor } = await fixtures.processor({ svgMaxBytes: 1000 });
    const path = await fixtures.file('big.svg', drawing(`<!--${'x'.repeat(2000)}-->`));
    const error = await processor.process({ path, kind: 'svg' }).catch((caught: unknown) => answerFor(caught));
    expect(isProblem(error) && { status: error.status, code: error.code }).toEqual({ status: 413, code: 'payload_too_large' });
  });

  it('refuses an SVG that is not UTF-8 with 422 invalid_image', async () => {
    const { processor } = await fixtures.processor();
    const path = await fixtures.file('latin1.svg', Buffer.from(drawing('<text>caf\xe9</text>'), 'latin1'));
    const error = await processor.process({ path, kind: 'svg' }).catch((caught: unknown) => answerFor(caught));
    expect(isProblem(error) && { status: error.status, code: error.code }).toEqual({ status: 422, code: 'invalid_image' });
  });

  it('refuses an SVG too large to rasterize within the pixel limit, but stores it as a vector', async () => {
    const { processor } = await fixtures.processor({ maxInputPixels: 10_000 });
    const path = await fixtures.file('poster.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><rect width="10" height="10"/></svg>');
    expect(await processor.process({ path, kind: 'svg' })).toMatchObject({ width: 4000, height: 3000 });
    const error = await processor.process({ path, kind: 'svg', convertTo: 'webp' }).catch((caught: unknown) => answerFor(caught));
    expect(isProblem(error) && { status: error.status, code: error.code }).toEqual({ status: 422, code: 'image_too_large' });
  });
});
