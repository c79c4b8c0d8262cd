import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@boardsync/kit';
import { testLogger } from '@boardsync/kit/testing';
import { s3Access } from '../s3-access.ts';

describe('s3Access', () => {
  it('signs with the static keys when both are set', async () => {
    await expect(s3Access({ S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' }, testLogger())).resolves.toEqual({ accessKey: 'key', secretKey: 'secret' });
  });

  it.each([
    ['S3_ACCESS_KEY', { S3_ACCESS_KEY: 'key', S3_SECRET_KEY: undefined }],
    ['S3_SECRET_KEY', { S3_ACCESS_KEY: undefined, S3_SECRET_KEY: 'secret' }],
  ])('refuses %s alone (a half-set Secret), rather than signing with the pod identity instead', async (_only, config) => {
    const refusal = s3Access(config, testLogger());
    await expect(refusal).rejects.toBeInstanceOf(ConfigError);
    await expect(refusal).rejects.toThrow('S3_ACCESS_KEY and S3_SECRET_KEY go together');
  });
});
