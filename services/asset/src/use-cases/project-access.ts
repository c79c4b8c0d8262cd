import type { AssetOwner } from '../domain/asset-key.ts';
import { projectLocked, type ProjectFacts } from '../outbound/project-facts.ts';

/** The caller's project folder, for reading: 404 when the project is absent or someone else's. */
export async function readableFolder(facts: ProjectFacts, designerId: number, projectId: number, principalToken: string): Promise<AssetOwner> {
  await facts.project(projectId, principalToken);
  return { designerId, projectId };
}

/** The caller's project folder, for a write: also 409 `project_locked` while the project is locked. */
export async function writableFolder(facts: ProjectFacts, designerId: number, projectId: number, principalToken: string): Promise<AssetOwner> {
  const project = await facts.project(projectId, principalToken);
  if (project.isLocked) throw projectLocked();
  return { designerId, projectId };
}
