/**
 * How a loop that works in passes (the outbox relay, the webhook delivery worker) is told to look
 * now instead of at its next slow poll. What is said about the queue is not lost while a pass is
 * running: the next wait returns at once.
 * - `nudge`: work is surely waiting (this process just committed it), so the pass may skip asking.
 * - `hint`: work may be waiting (another process said so), so the pass asks first.
 * - `ring`: ends a wait in progress and says nothing about the queue; the loop's own state says why
 *   (an answer came in), so a ring while no wait runs is nothing.
 */
export class WakeSignal {
  private nudged = false;
  private hinted = false;
  private wake: (() => void) | undefined;

  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  hint(): void {
    this.hinted = true;
    this.wake?.();
  }

  ring(): void {
    this.wake?.();
  }

  /** What was said since the last take, clearing it: a pass starts with this. */
  take(): { nudged: boolean; hinted: boolean } {
    const said = { nudged: this.nudged, hinted: this.hinted };
    this.nudged = this.hinted = false;
    return said;
  }

  /**
   * Waits `ms`, or until something is said or `signal` aborts. Returns at once when a nudge or a
   * hint came since the last take, unless `heedQueue` is false: a loop backing off after a failure
   * would otherwise fail again at every commit.
   */
  async wait(ms: number, { signal, heedQueue = true }: { signal?: AbortSignal; heedQueue?: boolean } = {}): Promise<void> {
    if (signal?.aborted || (heedQueue && (this.nudged || this.hinted))) return;
    let timer: NodeJS.Timeout | undefined;
    const abort = (): void => this.wake?.();
    signal?.addEventListener('abort', abort, { once: true });
    await new Promise<void>((resolve) => {
      this.wake = resolve;
      timer = setTimeout(resolve, ms);
    });
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
    this.wake = undefined;
  }
}
