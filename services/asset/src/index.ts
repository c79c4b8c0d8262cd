export { assetConfigSchema, assetSettingsSchema, type AssetConfig, type AssetSettings } from './config.ts';
export { assetService, createApp, startAsset, type AssetAdapters, type AssetDependencies } from './service.ts';
export { DirectoryObjectStore } from './storage/directory-object-store.ts';
export { S3ObjectStore } from './storage/s3-object-store.ts';
export type { ObjectStore } from './storage/object-store.ts';
