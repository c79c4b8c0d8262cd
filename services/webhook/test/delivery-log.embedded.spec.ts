import { deliveryLogSuite } from './suites/delivery-log.ts';
import { deliveryRecoverySuite } from './suites/delivery-recovery.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', (world) => {
  deliveryLogSuite(world);
  deliveryRecoverySuite(world);
});
