import { Transform, type TransformCallback } from 'node:stream';

/** Passes bytes through until `maxBytes`, then fails with `refusal()`: nothing past the cap is read on. */
export class ByteCap extends Transform {
  private seen = 0;
  private readonly maxBytes: number;
  private readonly refusal: () => Error;

  constructor(maxBytes: number, refusal: () => Error) {
    super();
    this.maxBytes = maxBytes;
    this.refusal = refusal;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.maxBytes) done(this.refusal());
    else done(null, chunk);
  }
}
