import { partitionFor } from '../bus/partition.ts';

/** Events of one key always share a lane, and lanes are published one relay at a time. */
export const OUTBOX_LANES = 16;

export function laneFor(key: string): number {
  return partitionFor(key, OUTBOX_LANES);
}
