import { assetChangeSuite } from './suites/asset-changes.ts';
import { changeRaceSuite } from './suites/change-races.ts';
import { changeStreamSuite } from './suites/change-streams.ts';
import { changeFeedSuite } from './suites/changes.ts';
import { runOn } from './support/run-on.ts';

runOn('postgres+kafka', (world) => {
  changeFeedSuite(world);
  changeStreamSuite(world);
  assetChangeSuite(world);
  changeRaceSuite(world);
});
