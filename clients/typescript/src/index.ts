// @boardsync/client: the typed client for tool authors. docs/tool-authors.md is the guide.
export { createBoardsyncClient, type BoardsyncClient, type BoardsyncClientOptions } from './client.ts';
export {
  BatchWriteError,
  MAX_BATCH_ROWS,
  type ComponentRow,
  type ComponentType,
  type WriteComponentsInput,
  type WriteComponentsOptions,
  type WriteResult,
} from './component-batches.ts';
export type { Change, ChangePage, ChangesApi, ChangesQuery, FollowOptions } from './changes.ts';
export type { Credentials, TokenSource } from './credentials.ts';
export type { CallOptions } from './call-options.ts';
export { BoardsyncError, BoardsyncNetworkError, OAuthError, WebhookVerificationError, type Problem } from './errors.ts';
export {
  AuthError,
  ConflictError,
  NotFoundError,
  QuotaError,
  RateLimitedError,
  ValidationError,
  unwrap,
  unwrapIfModified,
  type ConditionalRead,
} from './refusals.ts';
export {
  beginAuthorization,
  completeAuthorization,
  oauthSession,
  refreshTokens,
  type OAuthApp,
  type OAuthSessionOptions,
  type OAuthTokens,
  type PendingAuthorization,
} from './oauth.ts';
export type { components, operations, paths, webhooks } from './openapi.gen.ts';
export type { ListItem, ListParams, ListPath } from './pagination.ts';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.ts';
export type { StoreOptions, StoredAsset, UploadFile } from './uploads.ts';
export { verifyWebhook, type VerifyOptions, type WebhookEvent, type WebhookHeaders } from './webhook-verification.ts';

import type { components as Components } from './openapi.gen.ts';
export type Project = Components['schemas']['Project'];
export type Component = Components['schemas']['Component'];
export type Group = Components['schemas']['Group'];
export type Account = Components['schemas']['Account'];
export type Webhook = Components['schemas']['Webhook'];
export type RegisteredWebhook = Components['schemas']['RegisteredWebhook'];
export type MaskOption = Components['schemas']['MaskOption'];
