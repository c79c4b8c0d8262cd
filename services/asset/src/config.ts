import { env, idempotencyEnv, kafkaEnv, postgresEnv, serviceEnv } from '@boardsync/kit/core';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

const MB = 1024 * 1024;

/** The asset service's own settings, whatever its adapters: the common service settings, plus: */
export const assetSettingsSchema = serviceEnv(8083).extend({
  /**
   * Public base URL of stored files: a CDN or the bucket's public endpoint in production, the
   * gateway's `/assets` in the embedded mode. An asset's `url` is this plus `/` plus its key.
   */
  ASSET_PUBLIC_URL: env.url(),
  /** The catalog's internal listener: whose project `{project}` is, and whether it is locked. */
  CATALOG_INTERNAL_URL: env.url(),
  /** The gateway's public origin, which pagination links start with (never the caller's Host or X-Forwarded-* headers). */
  PUBLIC_BASE_URL: env.url().default('http://localhost:8080'),
  /** docs/rules.md "Limits": 50 MB per file. */
  UPLOAD_MAX_BYTES: env.int(50 * MB, 1),
  /** An SVG is parsed whole to be sanitized; beyond this it is 413 however small the file limit. */
  SVG_MAX_BYTES: env.int(5 * MB, 1),
  /** Decompression bombs: width × height of one frame beyond this is 422 `image_too_large`. */
  IMAGE_MAX_PIXELS: env.int(100_000_000, 1),
  /** Frames of an animated image. */
  IMAGE_MAX_FRAMES: env.int(1_000, 1),
  /** Pixels (all frames together) an image may have to be converted: encoders hold it whole, and AVIF's cannot be interrupted. */
  IMAGE_MAX_CONVERT_PIXELS: env.int(25_000_000, 1),
  /** Images decoded or converted at once; a burst beyond waits in a queue. */
  IMAGE_CONCURRENCY: env.int(2, 1),
  /** Images waiting for the pool beyond which an upload is 503 `busy` with Retry-After. */
  IMAGE_QUEUE_MAX: env.int(32, 0),
  /** AVIF encoder effort, 0 (fast) to 9 (small): bounded so one upload cannot hold a core for minutes. */
  AVIF_EFFORT: z.coerce.number().int().min(0).max(9).default(4),
  /** `from-url` and internalizing: the whole fetch, redirects and body included. */
  FETCH_TIMEOUT_MS: env.int(20_000, 100),
  /** Address ranges outbound fetches may reach although not public (local development and tests only). */
  SSRF_ALLOW_CIDRS: env.list(),
  /** When set, the only hosts artwork fetched from a URL may be on (`cdn.example.com`, `*.example.com`): anything else is refused before it is resolved. */
  OUTBOUND_ALLOW_HOSTS: env.list(),
  /** Uploads and conversions are spooled here, never held whole in memory. */
  SCRATCH_DIR: env.string(join(tmpdir(), 'boardsync-asset')),
  ...idempotencyEnv.shape,
});

/** The S3-compatible object store (MinIO, S3, R2 …) of production. */
export const s3Env = z.object({
  S3_ENDPOINT: env.requiredUrl('the S3 endpoint, http://minio:9000'),
  S3_REGION: env.string('us-east-1'),
  /**
   * Static keys, both or neither. Neither: credentials come from the pod's identity through the AWS
   * SDK's standard chain (a web identity token file with AWS_ROLE_ARN as IRSA mounts it, AWS_ACCESS_KEY_ID,
   * ECS or EC2 metadata), renewed before they expire; AWS_ENDPOINT_URL_STS names another STS (MinIO's).
   */
  S3_ACCESS_KEY: env.optionalString(),
  S3_SECRET_KEY: env.optionalString(),
  S3_BUCKET: z
    .string({ error: 'is required: the bucket assets are stored in' })
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name (3-63 lowercase letters, digits, dots, dashes)'),
  /** Virtual-host-style addressing for providers that require it; MinIO takes path style. */
  S3_PATH_STYLE: env.boolean(true),
});

/** The asset service started alone (`main.ts`): its settings and the production adapters, all required. */
export const assetConfigSchema = assetSettingsSchema.extend({ ...postgresEnv.shape, ...kafkaEnv.shape, ...s3Env.shape });

export type AssetSettings = z.infer<typeof assetSettingsSchema>;
export type AssetConfig = z.infer<typeof assetConfigSchema>;
export type S3Env = z.infer<typeof s3Env>;
