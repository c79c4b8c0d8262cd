import { Transform, type TransformCallback } from 'node:stream';

/**
 * Passes bytes through and fails the stream when it carries more or fewer than `size`. Both
 * adapters commit an object only after their source ended cleanly, so a truncated or overlong
 * body becomes an error instead of a stored object.
 */
export class ExactSize extends Transform {
  private seen = 0;
  private readonly size: number;

  constructor(size: number) {
    super();
    if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`size must be a non-negative integer, got ${size}`);
    this.size = size;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.size) {
      done(new Error(`body is longer than the declared ${this.size} bytes`));
      return;
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.seen === this.size ? null : new Error(`body ended after ${this.seen} of the declared ${this.size} bytes`));
  }
}
