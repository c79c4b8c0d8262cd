import { Problem } from '@boardsync/kit';
import { PeerUnavailable } from '@boardsync/kit/peer-requests';
import type { AssetOwner } from '../domain/asset-key.ts';
import type { ProjectFacts } from '../outbound/project-facts.ts';

/** The caller's project as the catalog knows it: 404 when absent or someone else's, 503 when the catalog cannot say. */
async function projectOf(facts: ProjectFacts, projectId: number, principalToken: string): Promise<{ isLocked: boolean }> {
  let project: { isLocked: boolean } | undefined;
  try {
    project = await facts.project(projectId, principalToken);
  } catch (error) {
    if (!(error instanceof PeerUnavailable)) throw error;
    throw Problem.unavailable('Project details are unavailable right now; try again shortly.', error);
  }
  if (!project) throw Problem.notFound('project');
  return project;
}

/** The caller's project folder, for reading: 404 when the project is absent or someone else's. */
export async function readableFolder(facts: ProjectFacts, designerId: number, projectId: number, principalToken: string): Promise<AssetOwner> {
  await projectOf(facts, projectId, principalToken);
  return { designerId, projectId };
}

/** The caller's project folder, for a write: also 409 `project_locked` while the project is locked. */
export async function writableFolder(facts: ProjectFacts, designerId: number, projectId: number, principalToken: string): Promise<AssetOwner> {
  const project = await projectOf(facts, projectId, principalToken);
  if (project.isLocked)
    throw new Problem({ status: 409, code: 'project_locked', detail: 'This project is locked: it refuses every write until it is unlocked.' });
  return { designerId, projectId };
}
