import { deliveryFailureSuite } from './suites/delivery-failures.ts';
import { deliveryFairnessSuite } from './suites/delivery-fairness.ts';
import { deliveryLeaseSuite } from './suites/delivery-leases.ts';
import { deliveryMetricsSuite } from './suites/delivery-metrics.ts';
import { deliverySuite } from './suites/delivery.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', (world) => {
  deliverySuite(world);
  deliveryFailureSuite(world);
  deliveryFairnessSuite(world);
  deliveryLeaseSuite(world);
  deliveryMetricsSuite(world);
});
