/**
 * Repeats one designer may have waiting for their first requests at once, in one process: each holds
 * a connection (the gateway's to the service, and the caller's), so a designer who sends many repeats
 * of running writes cannot fill a pool the others share. Past it, a repeat is answered 409 at once.
 */
export const MAX_WAITING_REPEATS_PER_DESIGNER = 4;

const waiting = new Map<number, number>();

/** A place among the designer's waiting repeats, released by the function returned; undefined when they hold every place. */
export function waitingPlace(designerId: number): (() => void) | undefined {
  const held = waiting.get(designerId) ?? 0;
  if (held >= MAX_WAITING_REPEATS_PER_DESIGNER) return undefined;
  waiting.set(designerId, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (waiting.get(designerId) ?? 1) - 1;
    if (left === 0) waiting.delete(designerId);
    else waiting.set(designerId, left);
  };
}
