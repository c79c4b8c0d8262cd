import { componentBatchOwnershipSuite } from './suites/component-batch-ownership.ts';
import { componentBatchSuite } from './suites/component-batches.ts';
import { componentFieldSuite } from './suites/component-fields.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', (world) => {
  componentFieldSuite(world);
  componentBatchSuite(world);
  componentBatchOwnershipSuite(world);
});
