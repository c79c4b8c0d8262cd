import { consentSuite } from './suites/consent.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka', (world) => {
  consentSuite(world);
});
