export { authConfigSchema, authSettingsSchema, type AuthConfig, type AuthSettings } from './config.ts';
export { entities } from './store/entities/index.ts';
export { migrations } from './store/migrations/index.ts';
export { ALL_SCOPES, SCOPES, normalizeScopes, type Scope } from './domain/scopes.ts';
export { authOperations, authService, createApp, startAuth, type AuthDependencies } from './service.ts';
export { oauthOperations } from './service.ts';
