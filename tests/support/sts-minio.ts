import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { eventually, freePort, infra } from '@boardsync/kit/testing';

/** The client id MinIO trusts tokens for: what a cluster's projected ServiceAccount token names as its audience. */
const AUDIENCE = 'boardsync-asset';

/**
 * An OpenID provider (discovery and JWKS, as a Kubernetes API server's service-account issuer or
 * an EKS cluster's OIDC endpoint serves them) and a MinIO of its own that trusts it, configured as
 * an S3 whose STS hands out temporary credentials for a web identity: the pod identity's world.
 */
export interface StsMinio {
  /** S3 and STS: MinIO answers both on one origin. */
  endpoint: string;
  /** The role MinIO grants (`readwrite`) to a token of this provider: AWS_ROLE_ARN. */
  roleArn: string;
  rootUser: string;
  rootPassword: string;
  /** A projected token as the kubelet writes it, expiring in `seconds`; `forged` signs it with a key the provider never published. */
  token(seconds: number, options?: { forged?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export async function startStsMinio(): Promise<StsMinio> {
  const published = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'service-accounts', alg: 'RS256', use: 'sig' };
  const provider = await serveOpenIdProvider(jwk);
  const issuer = `http://127.0.0.1:${String((provider.address() as AddressInfo).port)}`;
  const [port, consolePort] = [await freePort(), await freePort()];
  const data = await mkdtemp(join(tmpdir(), 'sts-minio-'));
  const rootUser = 'sts-root';
  const rootPassword = 'sts-root-password';
  const minio = spawn(
    infra.minioBin,
    ['server', data, '--quiet', '--address', `127.0.0.1:${String(port)}`, '--console-address', `127.0.0.1:${String(consolePort)}`],
    {
      env: {
        PATH: process.env.PATH ?? '',
        MINIO_ROOT_USER: rootUser,
        MINIO_ROOT_PASSWORD: rootPassword,
        MINIO_BROWSER: 'off',
        MINIO_IDENTITY_OPENID_CONFIG_URL: `${issuer}/.well-known/openid-configuration`,
        MINIO_IDENTITY_OPENID_CLIENT_ID: AUDIENCE,
        MINIO_IDENTITY_OPENID_ROLE_POLICY: 'readwrite',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  minio.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  minio.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    minio.on('exit', () => {
      resolve();
    }),
  );
  const endpoint = `http://127.0.0.1:${String(port)}`;
  const close = async (): Promise<void> => {
    minio.kill();
    await exited;
    await new Promise<void>((resolve) =>
      provider.close(() => {
        resolve();
      }),
    );
    await rm(data, { recursive: true, force: true });
  };
  try {
    await eventually(
      async () => ((await fetch(`${endpoint}/minio/health/ready`).catch(() => undefined))?.ok ? true : undefined),
      30_000,
      `MinIO with an OpenID provider to be ready; its output:\n${output}`,
    );
  } catch (error) {
    await close();
    throw error;
  }
  const sign = (key: CryptoKey, seconds: number): Promise<string> =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer(issuer)
      .setSubject('system:serviceaccount:boardsync:boardsync-asset')
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .sign(key);
  return {
    endpoint,
    // MinIO names a role policy's role after the client id: its SHA-1, base64url.
    roleArn: `arn:minio:iam:::role/${createHash('sha1').update(AUDIENCE).digest('base64url')}`,
    rootUser,
    rootPassword,
    token: (seconds, options = {}) => sign(options.forged === true ? forger.privateKey : published.privateKey, seconds),
    close,
  };
}

async function serveOpenIdProvider(jwk: Record<string, unknown>): Promise<Server> {
  const server = createServer((request, response) => {
    const issuer = `http://${request.headers.host ?? ''}`;
    const documents: Record<string, unknown> = {
      '/.well-known/openid-configuration': {
        issuer,
        jwks_uri: `${issuer}/openid/v1/jwks`,
        authorization_endpoint: `${issuer}/authorize`,
        response_types_supported: ['id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      },
      '/openid/v1/jwks': { keys: [jwk] },
    };
    const document = documents[request.url ?? ''];
    response.writeHead(document === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(document ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
