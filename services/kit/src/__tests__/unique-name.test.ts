import { describe, expect, it } from '@jest/globals';
import { uniqueName, uniqueNameMadeAt } from '../testing.ts';

describe('uniqueNameMadeAt', () => {
  it('reads back when uniqueName made a name, to the millisecond', () => {
    const before = Date.now();
    const madeAt = uniqueNameMadeAt(uniqueName('whk'));
    expect(madeAt).toBeGreaterThanOrEqual(before);
    expect(madeAt).toBeLessThanOrEqual(Date.now());
  });

  it('finds no time in a name uniqueName did not make', () => {
    for (const name of ['boardsync_cluster', 'hostile_probe', 'try_cluster', '__consumer_offsets', 'whk_mwx5msmq_735dc5x', 'whk_zzzzzzzzz_735dc5']) {
      expect(uniqueNameMadeAt(name)).toBeUndefined();
    }
  });
});
