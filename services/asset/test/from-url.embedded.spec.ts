import { SHORT_FETCH_DEADLINE, fetchDeadlineSuite } from './suites/fetch-deadline.ts';
import { fromUrlSuite } from './suites/from-url.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process+directory', fromUrlSuite);
runOn('pglite+in-process+directory', fetchDeadlineSuite, SHORT_FETCH_DEADLINE);
