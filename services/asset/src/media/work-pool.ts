import { mediaRejections } from './media-rejection.ts';

export interface WorkPoolOptions {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs allowed to wait for a slot; one more is refused with 503 `busy`. */
  maxQueued: number;
  /** The Retry-After a refusal carries. */
  retryAfterSeconds?: number;
}

/**
 * A semaphore with a bounded queue. Hand-rolled (about twenty lines) because p-limit and friends
 * queue without bound, and an unbounded queue of image jobs is the memory and latency problem this
 * exists to stop: past `maxQueued` waiting jobs, callers are told to come back later instead.
 */
export class WorkPool {
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private readonly options: Required<WorkPoolOptions>;

  constructor(options: WorkPoolOptions) {
    if (!(options.concurrency >= 1) || !(options.maxQueued >= 0)) throw new RangeError('WorkPool needs concurrency >= 1 and maxQueued >= 0');
    this.options = { retryAfterSeconds: 5, ...options };
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Takes a slot when one is free (throws 503 `busy` at once when the queue is full); the function it
   * gives back frees it, once however often it is called. Not a `run(job)`: the job then runs as its
   * caller's own code, and a stack taken in it names the caller's files, not the pool's.
   */
  async enter(): Promise<() => void> {
    await this.acquire();
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.release();
    };
  }

  private async acquire(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running++;
      return;
    }
    if (this.waiting.length >= this.options.maxQueued) throw mediaRejections.busy(this.options.retryAfterSeconds);
    // The releasing job hands its slot straight over, so `running` is not touched here.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
