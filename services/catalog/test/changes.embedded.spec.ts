import { changeRaceSuite } from './suites/change-races.ts';
import { changeFeedSuite } from './suites/changes.ts';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process', (world) => {
  changeFeedSuite(world);
  changeRaceSuite(world);
});
