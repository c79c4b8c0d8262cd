import { afterAll, describe, expect, it } from '@jest/globals';
import { isProblem } from '@boardsync/kit';
import { SvgSandbox } from '../svg-sandbox.ts';
import { answerFor } from '../../use-cases/adapter-answers.ts';

const sandboxes: SvgSandbox[] = [];
const sandbox = (options: ConstructorParameters<typeof SvgSandbox>[0]): SvgSandbox => {
  const made = new SvgSandbox(options);
  sandboxes.push(made);
  return made;
};

afterAll(async () => {
  await Promise.all(sandboxes.map((made) => made.close()));
});

const answerOf = (error: unknown): unknown => {
  const answer = answerFor(error);
  return isProblem(answer) && { status: answer.status, code: answer.code };
};

describe('SvgSandbox', () => {
  it('sanitizes in the worker and answers a refused SVG with 422 invalid_image', async () => {
    const worker = sandbox({ timeoutSeconds: 30 });
    await expect(worker.sanitize('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><rect/></svg>')).resolves.toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>',
    );
    const refused = await worker.sanitize('<svg><rect></svg>').catch((error: unknown) => error);
    expect(answerOf(refused)).toEqual({ status: 422, code: 'invalid_image' });
    expect(refused instanceof Error && refused.message).toBe('The SVG is not well-formed XML: 1:17: unexpected close tag.');
  });

  it('kills a worker that outgrows its heap, answers 422 image_too_complex, and starts a new one', async () => {
    const worker = sandbox({ timeoutSeconds: 60, maxHeapMb: 64 });
    const path = '<path d="M10.5,20.25 C30,40 50,60 70.125,80 L90,100 Z" fill="#a0b0c0"/>';
    const error = await worker.sanitize(`<svg xmlns="http://www.w3.org/2000/svg">${path.repeat(45_000)}</svg>`).catch((caught: unknown) => caught);
    expect(answerOf(error)).toEqual({ status: 422, code: 'image_too_complex' });
    await expect(worker.sanitize('<svg xmlns="http://www.w3.org/2000/svg"/>')).resolves.toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('kills a worker past its time (here, one still starting up) and answers 422 image_too_complex', async () => {
    const worker = sandbox({ timeoutSeconds: 0.01 });
    const error = await worker.sanitize('<svg xmlns="http://www.w3.org/2000/svg"/>').catch((caught: unknown) => caught);
    expect(answerOf(error)).toEqual({ status: 422, code: 'image_too_complex' });
  });
});
