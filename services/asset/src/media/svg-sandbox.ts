import { Worker } from 'node:worker_threads';
import { mediaRejections } from './media-rejection.ts';
import type { SvgAnswer, SvgJob } from './svg-worker.ts';

export interface SvgSandboxOptions {
  /** A sanitization running longer is stopped (the worker is killed) and answered 422 `image_too_complex`. */
  timeoutSeconds: number;
  /** The worker's V8 old-generation heap; past it the worker dies, not the service. */
  maxHeapMb?: number;
}

/**
 * Runs `sanitizeSvg` in one worker thread, one text at a time. Why not on the main thread: jsdom
 * and DOMPurify are synchronous and take up to seconds for a large drawing, which would stall the
 * event loop of every service sharing the process; and a worker can be killed when it runs too
 * long or outgrows its heap, where the main thread could only hang or crash. The worker is
 * started on first use and replaced after it is killed; idle, it does not hold the process open.
 */
export class SvgSandbox {
  private worker: Worker | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private nextId = 0;
  private readonly options: Required<SvgSandboxOptions>;

  constructor(options: SvgSandboxOptions) {
    this.options = { maxHeapMb: 768, ...options };
  }

  /** The sanitized SVG text; 422 `invalid_image` for a refused one, 422 `image_too_complex` past the bounds. */
  sanitize(text: string): Promise<string> {
    const result = this.tail.then(() => this.run(text));
    this.tail = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private run(text: string): Promise<string> {
    const worker = this.started();
    const id = ++this.nextId;
    return new Promise<string>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: { svg: string } | { error: Error }): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        worker.unref();
        if ('svg' in outcome) resolve(outcome.svg);
        else reject(outcome.error);
      };
      const kill = (): void => {
        this.discard(worker);
        void worker.terminate();
      };
      const onMessage = (answer: SvgAnswer): void => {
        if (answer.id !== id) return;
        if ('svg' in answer) settle({ svg: answer.svg });
        else if ('rejected' in answer) settle({ error: mediaRejections.invalidImage(answer.rejected) });
        else settle({ error: new Error(`The SVG sanitizer failed: ${answer.failed}`) });
      };
      const onError = (error: Error): void => {
        kill();
        const outOfMemory = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        settle({ error: outOfMemory ? mediaRejections.tooComplex('The SVG needs more memory to sanitize than is allowed; simplify it.', error) : error });
      };
      const onExit = (code: number): void => {
        this.discard(worker);
        settle({ error: new Error(`The SVG sanitizer's worker exited (code ${code}) mid-job.`) });
      };
      const timer = setTimeout(() => {
        kill();
        settle({ error: mediaRejections.tooComplex(`The SVG took longer than ${this.options.timeoutSeconds} seconds to sanitize; simplify it.`) });
      }, this.options.timeoutSeconds * 1000);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      // Referenced only while a job runs: a caller awaiting the answer keeps the process alive.
      worker.ref();
      worker.postMessage({ id, text } satisfies SvgJob);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./svg-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb },
    });
    // An idle worker's failure has no job to report to; forget the worker, the next job starts another.
    worker.on('error', () => {
      this.discard(worker);
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private discard(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
  }
}
