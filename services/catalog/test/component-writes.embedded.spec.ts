import { componentWriteSuite } from './suites/component-writes.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', componentWriteSuite);
