import { groupSuite } from './suites/groups.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', groupSuite);
