/** The scopes of spec §5; auth grants them, the gateway enforces them. */
export const SCOPE_NAMES = ['projects:read', 'projects:write', 'assets:read', 'assets:write', 'components:read', 'components:write', 'webhooks:write'] as const;

export type Scope = (typeof SCOPE_NAMES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPE_NAMES as readonly string[]).includes(value);
}
