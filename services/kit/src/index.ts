/** Everything in the kit. A service without a database imports `@boardsync/kit/core` instead (see core.ts). */
export * from './core.ts';
export * from './database.ts';
export * from './outbound.ts';
