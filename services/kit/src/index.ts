/**
 * The kit of a service that owns a database: core and the database entry. A service without one
 * imports `@boardsync/kit/core` (see core.ts); the SSRF-safe client is `@boardsync/kit/outbound`,
 * for the services that call out, so the others never load undici.
 */
export * from './core.ts';
export * from './database.ts';
