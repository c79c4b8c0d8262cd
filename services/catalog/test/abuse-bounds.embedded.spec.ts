import { abuseBoundSuite } from './suites/abuse-bounds.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', abuseBoundSuite);
