import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { freePort } from '../testing.ts';

describe('freePort', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('never hands out a port twice, even when the same one is picked again before anything binds it', async () => {
    // The same random pick every time: the second call must not answer the first one's port.
    jest.spyOn(Math, 'random').mockReturnValue(0.123_456);
    const first = await freePort();
    const second = await freePort();
    expect(second).not.toBe(first);
  });
});
