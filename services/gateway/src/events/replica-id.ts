import { hostname } from 'node:os';

/**
 * Names this replica's own consumer groups. Stable across restarts of one pod (its name is
 * `HOSTNAME` in Kubernetes), so a restart resumes its groups instead of leaving a new one behind
 * each time; distinct between replicas, or they would share one group and each hear only part.
 */
export function replicaIdentity(configured: string | undefined, environment: NodeJS.ProcessEnv = process.env): string {
  return configured ?? (environment.HOSTNAME || hostname());
}
