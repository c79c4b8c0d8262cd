import { uploadAccessSuite } from './suites/upload-access.ts';
import { uploadQuotaSuite } from './suites/upload-quota.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka+minio', (world) => {
  uploadAccessSuite(world);
  uploadQuotaSuite(world);
});
