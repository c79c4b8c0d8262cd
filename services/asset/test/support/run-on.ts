import { afterAll, beforeAll, describe } from '@jest/globals';
import type { AssetSettings } from '../../src/config.ts';
import { AssetWorld, type Backend } from './world.ts';

/**
 * Runs a suite against fresh asset and catalog services on the backend (their own databases,
 * namespace, bucket or memory), the asset service configured with `overrides` on top of the defaults.
 */
export function runOn(backend: Backend, suite: (world: AssetWorld) => void, overrides: Partial<Record<keyof AssetSettings, string>> = {}): void {
  describe(backend, () => {
    const world = new AssetWorld(backend, overrides);
    beforeAll(() => world.start(), 120_000);
    afterAll(() => world.stop());
    suite(world);
  });
}
