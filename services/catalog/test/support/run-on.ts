import { afterAll, beforeAll, describe } from '@jest/globals';
import { CatalogWorld, type Backend } from './world.ts';

/** Runs a suite against a fresh catalog on the backend (its own database, namespace or memory). */
export function runOn(backend: Backend, suite: (world: CatalogWorld) => void): void {
  describe(backend, () => {
    const world = new CatalogWorld(backend);
    beforeAll(() => world.start());
    afterAll(() => world.stop());
    suite(world);
  });
}
