import { expect } from '@jest/globals';
import { assetCalls, folderOf, type Answer, type ProblemBody } from './asset-calls.ts';
import type { AssetWorld, Caller } from './world.ts';

/** Never fetched: every refusal the rule suites send it to comes first. */
export const ELSEWHERE = 'https://images.example/card.png';

/** What the upload-rule suites share: the calls, a fresh caller (with a plan limit if given), a problem check and a count of stored objects. */
export function uploadRuleHelpers(world: AssetWorld) {
  const calls = assetCalls(world);
  const someone = (limit?: number): Caller => ({ designerId: world.designer(), ...(limit === undefined ? {} : { storageLimitBytes: limit }) });
  const expectProblem = (reply: Answer<ProblemBody>, status: number, code: string): void => {
    expect([reply.status, reply.body.code]).toEqual([status, code]);
  };
  /** How many objects the store holds under a folder. */
  const storedCount = async (caller: Caller, projectId: number): Promise<number> => (await calls.storedKeys(folderOf(caller, projectId))).length;
  return { calls, someone, expectProblem, storedCount };
}
