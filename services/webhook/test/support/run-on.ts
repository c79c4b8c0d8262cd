import { afterAll, beforeAll, describe } from '@jest/globals';
import { WebhookWorld, type Backend } from './world.ts';

/** Runs a suite against a fresh webhook service on the backend (its own database and namespace, or memory). */
export function runOn(backend: Backend, suite: (world: WebhookWorld) => void): void {
  describe(backend, () => {
    const world = new WebhookWorld(backend);
    beforeAll(() => world.start(), 120_000);
    afterAll(() => world.stop());
    suite(world);
  });
}
