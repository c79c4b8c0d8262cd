import { registrationSuite } from './suites/registration.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka', registrationSuite);
