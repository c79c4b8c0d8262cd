/** The scopes of spec §5, with the words the consent page and CLI use for them. */
export const SCOPES = {
  'projects:read': 'See your projects',
  'projects:write': 'Create and edit your projects, including the public description',
  'assets:read': 'See your stored files',
  'assets:write': 'Upload and delete your files',
  'components:read': 'See your components, decks, stacks and custom masks',
  'components:write': 'Create and update components, decks and stacks; delete the ones this app created',
  'webhooks:write': 'Register, list and delete webhooks',
} as const;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}

/** Splits a space-separated scope string (or takes a list), keeps known scopes once each, in canonical order. */
export function normalizeScopes(requested: string | readonly string[]): { scopes: Scope[]; unknown: string[] } {
  const items = typeof requested === 'string' ? requested.split(/\s+/) : [...requested];
  const wanted = new Set(items.map((item) => item.trim()).filter(Boolean));
  return {
    scopes: ALL_SCOPES.filter((scope) => wanted.has(scope)),
    unknown: [...wanted].filter((item) => !isScope(item)),
  };
}
