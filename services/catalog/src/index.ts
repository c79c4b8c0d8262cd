export { createApp, type CatalogDependencies } from './app.ts';
export { catalogConfigSchema, catalogSettingsSchema, type CatalogConfig, type CatalogSettings } from './config.ts';
export { startCatalog } from './start.ts';
export { entities } from './store/entities/index.ts';
export { migrations } from './store/migrations/index.ts';
