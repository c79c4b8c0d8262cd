import { registrationSuite } from './suites/registration.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', registrationSuite);
