import { idempotentWebhookWriteSuite } from './suites/idempotent-writes.ts';
import { registrationLimitSuite } from './suites/registration-limits.ts';
import { registrationSuite } from './suites/registration.ts';
import { secretsAtRestSuite } from './suites/secrets-at-rest.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka', (world) => {
  registrationSuite(world);
  registrationLimitSuite(world);
  secretsAtRestSuite(world);
  idempotentWebhookWriteSuite(world);
});
