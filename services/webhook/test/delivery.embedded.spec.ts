import { deliverySuite } from './suites/delivery.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', deliverySuite);
