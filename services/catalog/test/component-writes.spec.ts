import { componentWriteSuite } from './suites/component-writes.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka', componentWriteSuite);
