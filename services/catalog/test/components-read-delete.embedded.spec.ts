import { componentReadDeleteSuite } from './suites/components-read-delete.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', componentReadDeleteSuite);
