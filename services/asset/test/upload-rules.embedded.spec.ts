import { uploadAccessSuite } from './suites/upload-access.ts';
import { uploadQuotaSuite } from './suites/upload-quota.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process+directory', (world) => {
  uploadAccessSuite(world);
  uploadQuotaSuite(world);
});
