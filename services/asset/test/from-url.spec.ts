import { fromUrlSuite } from './suites/from-url.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka+minio', fromUrlSuite);
