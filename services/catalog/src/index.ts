export { catalogConfigSchema, catalogSettingsSchema, type CatalogConfig, type CatalogSettings } from './config.ts';
export { catalogService, createApp, startCatalog, type CatalogDependencies } from './service.ts';
export { entities } from './store/entities/index.ts';
export { migrations } from './store/migrations/index.ts';
export { catalogOperations } from './service.ts';
