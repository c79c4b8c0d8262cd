import { changeRaceSuite } from './suites/change-races.ts';
import { changeFeedSuite } from './suites/changes.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka', (world) => {
  changeFeedSuite(world);
  changeRaceSuite(world);
});
