import { SHORT_FETCH_DEADLINE, fetchDeadlineSuite } from './suites/fetch-deadline.ts';
import { fromUrlSuite } from './suites/from-url.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka+minio', fromUrlSuite);
runOn('postgres+kafka+minio', fetchDeadlineSuite, SHORT_FETCH_DEADLINE);
