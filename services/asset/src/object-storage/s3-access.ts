import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { ConfigError, type Logger } from '@boardsync/kit';
import type { S3Env } from '../config.ts';
import { IdentityCredentials } from './identity-credentials.ts';

/** How the S3 client signs: static keys, or credentials renewed from the pod's identity. */
export type S3Access = { accessKey: string; secretKey: string } | { credentialsProvider: IdentityCredentials };

/**
 * Static keys when both are set. Neither: the pod's identity, whose first credentials are obtained
 * here, so that an identity the STS refuses (or none at all) stops the start with one line and exit 78,
 * as a wrong password does, instead of every upload failing later.
 */
export async function s3Access(config: Pick<S3Env, 'S3_ACCESS_KEY' | 'S3_SECRET_KEY'>, logger: Logger): Promise<S3Access> {
  const { S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: secretKey } = config;
  if (accessKey !== undefined && secretKey !== undefined) return { accessKey, secretKey };
  if (accessKey !== undefined || secretKey !== undefined) {
    throw new ConfigError('S3_ACCESS_KEY and S3_SECRET_KEY go together: set both (static keys), or neither (credentials from the pod identity)');
  }
  const chain = defaultProvider();
  // IdentityCredentials decides when to renew; unforced, the chain would answer what it holds and renew in the background.
  const credentialsProvider = new IdentityCredentials(() => chain({ forceRefresh: true }), logger);
  try {
    await credentialsProvider.getCredentials();
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(error);
    throw new ConfigError(
      `S3_ACCESS_KEY and S3_SECRET_KEY are unset, and the pod identity gave no S3 credentials (AWS_WEB_IDENTITY_TOKEN_FILE with AWS_ROLE_ARN, AWS_ACCESS_KEY_ID, or instance metadata): ${reason.split('\n')[0] ?? ''}`,
    );
  }
  return { credentialsProvider };
}
