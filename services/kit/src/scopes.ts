/** The scopes (docs/rules.md "Authentication and scopes"); auth grants them, the gateway enforces them. */
export const SCOPE_NAMES = ['projects:read', 'projects:write', 'assets:read', 'assets:write', 'components:read', 'components:write', 'webhooks:write'] as const;

export type Scope = (typeof SCOPE_NAMES)[number];

/** What each scope allows (docs/rules.md "Authentication and scopes"), in the words the consent page, the CLI and the contract use. */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  'projects:read': 'See your projects',
  'projects:write': 'Create and edit your projects, including the public description',
  'assets:read': 'See your stored files',
  'assets:write': 'Upload and delete your files',
  'components:read': 'See your components, decks, stacks and custom masks',
  'components:write': 'Create and update components, decks and stacks; delete the ones this app created',
  'webhooks:write': 'Register, list and delete webhooks',
};

export function isScope(value: string): value is Scope {
  return (SCOPE_NAMES as readonly string[]).includes(value);
}
