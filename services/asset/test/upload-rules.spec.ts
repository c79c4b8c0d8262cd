import { uploadRulesSuite } from './suites/upload-rules.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka+minio', uploadRulesSuite);
