import { SCOPE_NAMES, isScope, type Scope } from '@boardsync/kit';

export type { Scope } from '@boardsync/kit';

/** The words the consent page and the CLI use for each scope. */
export const SCOPES: Record<Scope, string> = {
  'projects:read': 'See your projects',
  'projects:write': 'Create and edit your projects, including the public description',
  'assets:read': 'See your stored files',
  'assets:write': 'Upload and delete your files',
  'components:read': 'See your components, decks, stacks and custom masks',
  'components:write': 'Create and update components, decks and stacks; delete the ones this app created',
  'webhooks:write': 'Register, list and delete webhooks',
};

export const ALL_SCOPES: readonly Scope[] = SCOPE_NAMES;

/** Splits a space-separated scope string (or takes a list), keeps known scopes once each, in canonical order. */
export function normalizeScopes(requested: string | readonly string[]): { scopes: Scope[]; unknown: string[] } {
  const items = typeof requested === 'string' ? requested.split(/\s+/) : [...requested];
  const wanted = new Set(items.map((item) => item.trim()).filter(Boolean));
  return {
    scopes: SCOPE_NAMES.filter((scope) => wanted.has(scope)),
    unknown: [...wanted].filter((item) => !isScope(item)),
  };
}
