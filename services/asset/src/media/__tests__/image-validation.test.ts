import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isProblem } from '@boardsync/kit';
import type { MediaKind } from '../../domain/media-type.ts';
import type { ConversionTarget } from '../image-processor.ts';
import { ImageFixtures, pngBomb } from './image-fixtures.ts';
import { answerFor } from '../../use-cases/adapter-answers.ts';

let fixtures: ImageFixtures;

beforeAll(async () => {
  fixtures = await ImageFixtures.create();
});

afterAll(async () => {
  await fixtures.remove();
});

interface Answer {
  status: number;
  code: string;
  detail: string;
}

async function refusal(
  path: string,
  kind: MediaKind,
  convertTo?: ConversionTarget,
  limits: Parameters<ImageFixtures['processor']>[0] = {},
): Promise<Answer | undefined> {
  const { processor, outputDir } = await fixtures.processor(limits);
  const error = await processor.process({ path, kind, ...(convertTo ? { convertTo } : {}) }).then(
    () => undefined,
    (caught: unknown) => answerFor(caught),
  );
  expect(await fixtures.outputs(outputDir)).toEqual([]);
  if (!isProblem(error)) throw error instanceof Error ? error : new Error('expected a Problem');
  return { status: error.status, code: error.code, detail: error.message };
}

describe('ImageProcessor: bombs', () => {
  it.each([undefined, 'webp'] as const)('refuses a PNG declaring 30000x30000 from its header alone (convert: %s)', async (convertTo) => {
    const path = await fixtures.file(`bomb-${convertTo ?? 'plain'}.png`, pngBomb(30_000, 30_000));
    const started = performance.now();
    const answer = await refusal(path, 'png', convertTo);
    expect(answer).toEqual({ status: 422, code: 'image_too_large', detail: expect.stringContaining('at most 10000000 pixels') });
    expect(answer?.detail).toContain('30000x30000');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses an animation with more frames than maxFrames', async () => {
    const path = await fixtures.file('many-frames.gif', await fixtures.animatedGif(12, 4, 4));
    expect(await refusal(path, 'gif', undefined, { maxFrames: 10 })).toEqual({
      status: 422,
      code: 'image_too_large',
      detail: 'The animation has 12 frames; at most 10 frames are accepted.',
    });
  });

  it('refuses an animation whose frames together exceed maxTotalPixels', async () => {
    const path = await fixtures.file('heavy.gif', await fixtures.animatedGif(3, 40, 30));
    const answer = await refusal(path, 'gif', 'webp', { maxInputPixels: 2000, maxTotalPixels: 3000 });
    expect(answer).toMatchObject({ status: 422, code: 'image_too_large' });
    expect(answer?.detail).toContain('at most 3000 pixels are accepted across all frames');
  });
});

describe('ImageProcessor: damaged and mislabelled files', () => {
  // Cut at 98% too: the decode that validates must read to the last rows, not stop early.
  it.each([
    ['png', 'png', 0.5],
    ['jpeg', 'jpeg', 0.5],
    ['png', 'png', 0.98],
    ['jpeg', 'jpeg', 0.98],
    ['webp', 'webp', 0.98],
    ['gif', 'gif', 0.98],
  ] as const)('refuses a truncated %s (cut at %f) with 422 invalid_image, converted or not', async (kind, format, cut) => {
    const whole = await fixtures.noise(200, 150).toFormat(format).toBuffer();
    const path = await fixtures.file(`truncated-${String(cut)}.${kind}`, whole.subarray(0, Math.floor(whole.length * cut)));
    expect(await refusal(path, kind)).toMatchObject({ status: 422, code: 'invalid_image' });
    expect(await refusal(path, kind, 'webp')).toMatchObject({ status: 422, code: 'invalid_image' });
  });

  it('refuses a PNG signature followed by garbage with 422 invalid_image', async () => {
    const path = await fixtures.file('garbage.png', Buffer.concat([pngBomb(10, 10).subarray(0, 8), Buffer.alloc(300, 0x41)]));
    expect(await refusal(path, 'png')).toMatchObject({ status: 422, code: 'invalid_image' });
  });

  it('answers 415 when the decoder reads something other than what was sniffed', async () => {
    const path = await fixtures.file('really-a-jpeg.png', await fixtures.noise(20, 20).jpeg().toBuffer());
    expect(await refusal(path, 'png')).toMatchObject({ status: 415, code: 'unsupported_media_type' });
  });
});

describe('ImageProcessor: load', () => {
  it('refuses work past maxQueued with 503 busy and a Retry-After', async () => {
    const { processor } = await fixtures.processor({ concurrency: 1, maxQueued: 1 });
    const path = await fixtures.file('busy.png', await fixtures.noise(300, 300).png().toBuffer());
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => processor.process({ path, kind: 'png', convertTo: 'webp' })));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const refused = answerFor(outcomes[2]?.status === 'rejected' ? outcomes[2].reason : undefined);
    expect(isProblem(refused) && { status: refused.status, code: refused.code, retryAfter: refused.headers['Retry-After'] }).toEqual({
      status: 503,
      code: 'busy',
      retryAfter: expect.any(String),
    });
  });
});
