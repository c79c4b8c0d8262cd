import { conditionalReadSuite } from './suites/conditional-reads.ts';
import { projectSuite } from './suites/projects.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', (world) => {
  projectSuite(world);
  conditionalReadSuite(world);
});
