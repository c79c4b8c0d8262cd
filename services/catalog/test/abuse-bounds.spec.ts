import { abuseBoundSuite } from './suites/abuse-bounds.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka', abuseBoundSuite);
