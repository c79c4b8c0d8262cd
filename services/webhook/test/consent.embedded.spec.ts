import { consentSuite } from './suites/consent.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', (world) => {
  consentSuite(world);
});
