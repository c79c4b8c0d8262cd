import type { Writable } from 'node:stream';

export interface MirrorOptions {
  /**
   * Called once, when the head is complete (or the stream ended before): the writable every byte is
   * also to be copied to, from the first, or undefined for none. Throwing is the same as undefined.
   */
  open(head: Buffer): Writable | undefined;
  /** The writable failed: it is written to no more, and the caller discards it. The spool goes on. */
  onFailure(error: unknown): void;
}

/**
 * A copy of a spooled stream into a second writable chosen from the stream's head (a pending object,
 * so an upload goes to the store while it is received). The spool waits for the copy (backpressure),
 * so the copy's own bound on memory holds; a failing copy is dropped and never fails the spool. The
 * chunks seen before the head is complete are held (at most the head and one chunk) until decided.
 */
export class StreamMirror {
  private state: 'deciding' | 'mirroring' | 'off' = 'deciding';
  private target: Writable | undefined;
  private held: Buffer[] = [];
  private readonly options: MirrorOptions;

  constructor(options: MirrorOptions) {
    this.options = options;
  }

  /** Copies `chunk`; `head` is given once the head is complete. Resolves when the copy can take more; never rejects. */
  async write(chunk: Buffer, head: (() => Buffer) | undefined): Promise<void> {
    if (this.state === 'off') return;
    if (this.state === 'deciding') {
      this.held.push(chunk);
      if (head === undefined) return;
      this.decide(head());
      return this.drained();
    }
    if (this.target?.write(chunk) === false) await this.drained();
  }

  /** The stream ended: decides if it had not yet (a file shorter than the head) and ends the copy. */
  end(head: () => Buffer): void {
    if (this.state === 'deciding') this.decide(head());
    if (this.state === 'mirroring') this.target?.end();
  }

  /** The spool failed: the copy gets nothing more (the caller discards it). */
  detach(): void {
    this.state = 'off';
    this.held = [];
  }

  private decide(head: Buffer): void {
    const held = this.held;
    this.held = [];
    let target: Writable | undefined;
    try {
      target = this.options.open(head);
    } catch {
      target = undefined;
    }
    if (!target) {
      this.state = 'off';
      return;
    }
    this.target = target;
    this.state = 'mirroring';
    // Kept for good: an error after the spool is done must still be heard (and not crash the process).
    target.on('error', (error: unknown) => {
      if (this.state !== 'mirroring') return;
      this.state = 'off';
      this.options.onFailure(error);
    });
    for (const chunk of held) target.write(chunk);
  }

  /** Until the copy asks for more, fails or is closed. */
  private async drained(): Promise<void> {
    const target = this.target;
    if (this.state !== 'mirroring' || !target?.writableNeedDrain || target.destroyed) return;
    await new Promise<void>((resolve) => {
      const settle = (): void => {
        target.off('drain', settle);
        target.off('close', settle);
        target.off('error', settle);
        resolve();
      };
      target.on('drain', settle);
      target.on('close', settle);
      target.on('error', settle);
    });
  }
}
