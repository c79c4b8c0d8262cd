import { projectSuite } from './suites/projects.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', projectSuite);
