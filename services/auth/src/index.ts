export { createApp, type AuthDependencies } from './app.ts';
export { authConfigSchema, authSettingsSchema, type AuthConfig, type AuthSettings } from './config.ts';
export { entities } from './store/entities/index.ts';
export { migrations } from './store/migrations/index.ts';
export { ALL_SCOPES, SCOPES, normalizeScopes, type Scope } from './domain/scopes.ts';
export { startAuth } from './start.ts';
