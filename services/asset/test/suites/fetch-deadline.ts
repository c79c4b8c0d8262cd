import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ImageServer, drip, stall } from '../support/image-server.ts';
import { uploadHelpers } from '../support/upload-helpers.ts';
import type { AssetWorld } from '../support/world.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The deadline the spec files give this suite's world: short, so giving up is quick to see. */
export const SHORT_FETCH_DEADLINE = { FETCH_TIMEOUT_MS: '3000' } as const;

/**
 * Run by a spec file per backend, on a world whose asset service has `SHORT_FETCH_DEADLINE`: a remote
 * server that never finishes is given up on. A world of its own, so the other from-url tests keep the
 * default deadline and a loaded machine streaming 50 MB never races a 3 s one.
 */
export function fetchDeadlineSuite(world: AssetWorld): void {
  const { calls, someone, nothingStored } = uploadHelpers(world);
  let images: ImageServer;
  beforeAll(async () => {
    images = await ImageServer.start();
  });
  afterAll(() => images.close());

  describe('from-url deadline', () => {
    it('gives up on a server that stalls, or drips without end, after FETCH_TIMEOUT_MS for the whole transfer', async () => {
      const me = someone();
      const project = await world.project(me);
      images.route('/stalls.png', stall());
      images.route('/drips.png', drip(PNG_SIGNATURE, 100));

      const started = Date.now();
      const answers = await Promise.all(['/stalls.png', '/drips.png'].map((path) => calls.fromUrl(me, project, images.url(path))));
      const elapsed = Date.now() - started;
      for (const reply of answers) expect([reply.status, reply.body]).toEqual([422, expect.objectContaining({ code: 'url_fetch_failed', reason: 'timeout' })]);
      expect(elapsed).toBeGreaterThanOrEqual(2_900);
      // Far below the 20 s default: the configured deadline is the one that applied.
      expect(elapsed).toBeLessThan(15_000);
      // The dripping server was still being read when time ran out: the deadline covers the whole transfer.
      const [drips] = images.requests('/drips.png');
      await drips?.closed;
      expect(drips?.bytesSent).toBeGreaterThan(PNG_SIGNATURE.length + 10);
      await nothingStored(me, project);
    });
  });
}
