import { SCOPE_DESCRIPTIONS, SCOPE_NAMES, isScope, type Scope } from '@boardsync/kit/core';

export type { Scope } from '@boardsync/kit/core';

/** The words the consent page and the CLI use for each scope. */
export const SCOPES: Readonly<Record<Scope, string>> = SCOPE_DESCRIPTIONS;

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
