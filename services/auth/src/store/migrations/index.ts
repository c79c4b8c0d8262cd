import { OutboxMigration, OutboxNotifyMigration } from '@boardsync/kit';
import { DesignersAndPersonalTokens } from './20261121100000-designers-and-personal-tokens.ts';
import { OAuthAppsGrantsSessions } from './20261121120000-oauth-apps-grants-sessions.ts';
import { AuthorizationCodeReplays } from './20261125080000-authorization-code-replays.ts';

/** In order; a migration once released is never edited, only followed. */
export const migrations = [OutboxMigration, DesignersAndPersonalTokens, OAuthAppsGrantsSessions, AuthorizationCodeReplays, OutboxNotifyMigration];
