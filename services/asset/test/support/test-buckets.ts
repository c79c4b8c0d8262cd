import type { Client as MinioClient } from 'minio';
import { infra } from '@boardsync/kit/testing';
import { ensurePublicBucket, minioClient, removeBucket } from '../../../../scripts/cluster/servers.ts';

const TEST_S3 = { s3Endpoint: infra.s3Endpoint, s3AccessKey: infra.s3AccessKey, s3SecretKey: infra.s3SecretKey };

/** A client of the MinIO `scripts/infra up` starts, with its root credentials (tests and benches only). */
export function testMinio(): MinioClient {
  return minioClient(TEST_S3);
}

/** As a deployment's bucket (or CDN) is: anyone may read an object by its URL (the bucket is made when missing). */
export function allowPublicReads(bucket: string): Promise<void> {
  return ensurePublicBucket(TEST_S3, bucket);
}

/** Empties and removes a bucket a test or bench made; one that was never created is no error. */
export function removeTestBucket(bucket: string): Promise<void> {
  return removeBucket(TEST_S3, bucket);
}
