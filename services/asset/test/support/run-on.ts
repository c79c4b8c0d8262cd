import { afterAll, beforeAll, describe } from '@jest/globals';
import { AssetWorld, type Backend } from './world.ts';

/** Runs a suite against fresh asset and catalog services on the backend (their own databases, namespace, bucket or memory). */
export function runOn(backend: Backend, suite: (world: AssetWorld) => void): void {
  describe(backend, () => {
    const world = new AssetWorld(backend);
    beforeAll(() => world.start(), 120_000);
    afterAll(() => world.stop());
    suite(world);
  });
}
