import { createHash } from 'node:crypto';

/** Stable partition for a key: every message of one key goes to one partition, so it keeps its order. */
export function partitionFor(key: string, partitions: number): number {
  return createHash('sha1').update(key).digest().readUInt32BE(0) % partitions;
}
