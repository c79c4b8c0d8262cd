export { assetConfigSchema, assetSettingsSchema, type AssetConfig, type AssetSettings } from './config.ts';
export { assetOperations, assetService, createApp, startAsset, type AssetAdapters, type AssetDependencies } from './service.ts';
export { DirectoryObjectStore } from './object-storage/directory-object-store.ts';
export { S3ObjectStore } from './object-storage/s3-object-store.ts';
export type { ObjectStore } from './object-storage/object-store.ts';
export { artworkOperation } from './service.ts';
