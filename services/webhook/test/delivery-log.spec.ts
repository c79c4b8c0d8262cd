import { deliveryLogSuite } from './suites/delivery-log.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka', deliveryLogSuite);
