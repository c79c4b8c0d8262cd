import type { Logger } from '@boardsync/kit';
import { CredentialProvider } from 'minio/dist/esm/CredentialProvider.mjs';
import { Credentials } from 'minio/dist/esm/Credentials.mjs';

/** Credentials as an AWS SDK provider answers them (`expiration` absent: they never expire). */
export interface FetchedCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export type CredentialSource = () => Promise<FetchedCredentials>;

/** Temporary credentials are renewed once a quarter of their life is left, and at the latest this long before they expire. */
const MAX_RENEWAL_MARGIN_MS = 5 * 60_000;
/** A failed renewal is tried again no sooner than this, while the held credentials are still valid. */
const RETRY_AFTER_FAILURE_MS = 5_000;

/** No credentials could be had: S3 is out of reach for now (answered 503, as an unreachable store). */
export class CredentialsUnavailable extends Error {
  override readonly name = 'CredentialsUnavailable';

  constructor(cause: unknown) {
    super(`S3 credentials could not be obtained: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

interface Held {
  credentials: Credentials;
  expiresAt: number | undefined;
  renewAt: number | undefined;
}

/**
 * minio's credentials from `source` (the AWS SDK's standard chain: the pod's identity), renewed before
 * they expire. minio asks before every request: the held ones are answered until their renewal time;
 * then one renewal runs however many requests wait for it, and if it fails while the held ones are still
 * valid those are answered, the failure logged, and renewal tried again 5 s later (STS down for a moment
 * costs nothing). Only when none are valid does a request fail, with CredentialsUnavailable.
 */
export class IdentityCredentials extends CredentialProvider {
  private readonly source: CredentialSource;
  private readonly logger: Logger;
  private readonly now: () => number;
  private held: Held | undefined;
  private renewing: Promise<Credentials> | undefined;
  private retryAt = 0;

  constructor(source: CredentialSource, logger: Logger, now: () => number = Date.now) {
    super({ accessKey: '', secretKey: '' });
    this.source = source;
    this.logger = logger;
    this.now = now;
  }

  override async getCredentials(): Promise<Credentials> {
    const held = this.held;
    const now = this.now();
    if (held !== undefined && (held.renewAt === undefined || now < held.renewAt)) return held.credentials;
    const stillValid = held !== undefined && held.expiresAt !== undefined && now < held.expiresAt;
    // After a failed renewal, the next waits a moment: STS is not asked once per S3 request.
    if (stillValid && now < this.retryAt) return held.credentials;
    this.renewing ??= this.renew().finally(() => (this.renewing = undefined));
    if (!stillValid) return this.renewing;
    return this.renewing.catch(() => held.credentials);
  }

  private async renew(): Promise<Credentials> {
    let fetched: FetchedCredentials;
    try {
      fetched = await this.source();
    } catch (error) {
      this.retryAt = this.now() + RETRY_AFTER_FAILURE_MS;
      // The first attempt's failure is its caller's to report (s3-access.ts: the start fails).
      if (this.held !== undefined) this.logger.warn({ err: error, validUntil: iso(this.held.expiresAt) }, 'renewing the S3 credentials failed');
      throw new CredentialsUnavailable(error);
    }
    const fetchedAt = this.now();
    const expiresAt = fetched.expiration?.getTime();
    const renewAt = expiresAt === undefined ? undefined : expiresAt - Math.min(MAX_RENEWAL_MARGIN_MS, (expiresAt - fetchedAt) / 4);
    const credentials = new Credentials({ accessKey: fetched.accessKeyId, secretKey: fetched.secretAccessKey, sessionToken: fetched.sessionToken });
    this.held = { credentials, expiresAt, renewAt };
    this.logger.info({ expiresAt: iso(expiresAt), renewAt: iso(renewAt) }, 'S3 credentials from the pod identity obtained');
    return credentials;
  }
}

function iso(time: number | undefined): string | undefined {
  return time === undefined ? undefined : new Date(time).toISOString();
}
