import type { Client as MinioClient } from 'minio';
import { infra } from '@boardsync/kit/testing';
import { ensurePublicBucket, minioClient } from '../../../../scripts/cluster/servers.ts';

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
export async function removeTestBucket(bucket: string): Promise<void> {
  const client = testMinio();
  if (!(await client.bucketExists(bucket))) return;
  const keys: string[] = [];
  for await (const item of client.listObjectsV2(bucket, '', true) as AsyncIterable<{ name?: string }>) if (item.name) keys.push(item.name);
  if (keys.length > 0) await client.removeObjects(bucket, keys);
  await client.removeBucket(bucket);
}
