/** What the changes feed names: the resource a change is about and what happened to it. */
export const CHANGE_RESOURCES = ['project', 'component', 'group', 'asset'] as const;
export const CHANGE_ACTIONS = ['created', 'updated', 'deleted'] as const;

export type ChangeResource = (typeof CHANGE_RESOURCES)[number];
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** The scope that lets a token see each resource's changes. */
export const RESOURCE_SCOPES: Record<ChangeResource, string> = {
  project: 'projects:read',
  component: 'components:read',
  group: 'components:read',
  asset: 'assets:read',
};

/** The resources whose changes a token holding `scopes` sees; a change of any other is passed over silently. */
export function visibleResources(scopes: readonly string[]): ChangeResource[] {
  return CHANGE_RESOURCES.filter((resource) => scopes.includes(RESOURCE_SCOPES[resource]));
}

/** One change as a write records it, before the feed numbers it. `snapshot` is the resource as stored at the change; null for `deleted`. */
export interface ChangeEntry {
  projectId: number;
  resource: ChangeResource;
  action: ChangeAction;
  id: number;
  uniqueId?: string | null;
  snapshot: unknown;
}

/** The app a write's source tag names (`api:{client_id}`), or null for a personal token's or first-party work. */
export function appOfSource(source: string | null | undefined): string | null {
  if (!source?.startsWith('api:')) return null;
  const client = source.slice('api:'.length);
  return client === '' || client === 'personal' ? null : client;
}
