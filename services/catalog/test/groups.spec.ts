import { groupSuite } from './suites/groups.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka', groupSuite);
