import type { AuthorizeRequest } from './authorize-request.ts';
import type { Scope } from './scopes.ts';

/** An unreviewed app may be authorized by its own developer only (docs/rules.md "Authentication and scopes"). */
export function mayAuthorize(app: { reviewed: boolean; designerId: number }, designerId: number): boolean {
  return app.reviewed || app.designerId === designerId;
}

/** What the consent form decided: the scopes granted, or why access is denied. */
export type ConsentAnswer = { granted: Scope[] } | { denied: string };

/**
 * The granted scopes are the requested ones the designer left ticked. Unticking every scope is a
 * denial (`access_denied`), as is pressing Deny.
 */
export function consentAnswer(request: AuthorizeRequest, approved: boolean, ticked: readonly string[]): ConsentAnswer {
  const kept = new Set(ticked);
  const granted = request.scopes.filter((scope) => kept.has(scope));
  if (approved && granted.length > 0) return { granted };
  return { denied: granted.length === 0 && approved ? 'No scope was allowed.' : 'The designer denied access.' };
}
