import { idempotentWriteSuite } from './suites/idempotent-writes.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka', idempotentWriteSuite);
