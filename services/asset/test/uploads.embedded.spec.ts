import { assetFeedSuite } from './suites/asset-feed.ts';
import { uploadLimitSuite } from './suites/upload-limits.ts';
import { uploadSuite } from './suites/uploads.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process+directory', (world) => {
  uploadSuite(world);
  uploadLimitSuite(world);
  assetFeedSuite(world);
});
