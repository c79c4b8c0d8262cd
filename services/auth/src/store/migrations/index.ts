import { OutboxMigration } from '@boardsync/kit';
import { DesignersAndPersonalTokens } from './20261121100000-designers-and-personal-tokens.ts';

/** In order; a migration once released is never edited, only followed. */
export const migrations = [OutboxMigration, DesignersAndPersonalTokens];
