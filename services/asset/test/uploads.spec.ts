import { uploadSuite } from './suites/uploads.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka+minio', uploadSuite);
