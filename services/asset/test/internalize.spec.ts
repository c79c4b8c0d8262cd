import { internalizeSuite } from './suites/internalize.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka+minio', internalizeSuite);
