import { expect } from '@jest/globals';
import { assetCalls, folderOf } from './asset-calls.ts';
import type { AssetWorld, Caller } from './world.ts';

export const MB = 1024 * 1024;
/** The per-file upload limit (docs/rules.md "Limits"). */
export const LIMIT = 50 * MB;

/** What the upload suites share: the calls, a fresh caller, the key a stored name must get, the stored bytes and "nothing stored". */
export function uploadHelpers(world: AssetWorld) {
  const calls = assetCalls(world);
  const someone = (): Caller => ({ designerId: world.designer() });
  const keyPattern = (caller: Caller, projectId: number, name: string) =>
    new RegExp(`^${folderOf(caller, projectId).replace(/\//g, '\\/')}[0-9a-f]{16}\\/${name.replace(/\./g, '\\.')}$`);
  const stored = (url: string): ReturnType<AssetWorld['publicBytes']> => world.publicBytes(url);
  /** Nothing of the designer's is listed, in the store, or counted. */
  const nothingStored = async (caller: Caller, projectId: number): Promise<void> => {
    expect(await calls.listed(caller, projectId)).toEqual([]);
    expect(await calls.storedKeys(folderOf(caller, projectId))).toEqual([]);
    expect(await calls.usedBytes(caller)).toBe(0);
  };
  return { calls, someone, keyPattern, stored, nothingStored };
}
