import { Client as MinioClient } from 'minio';
import { infra } from '@boardsync/kit/testing';

/** A client of the MinIO `scripts/infra up` starts, with its root credentials (tests and benches only). */
export function testMinio(): MinioClient {
  const endpoint = new URL(infra.s3Endpoint);
  return new MinioClient({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: endpoint.protocol === 'https:',
    accessKey: infra.s3AccessKey,
    secretKey: infra.s3SecretKey,
  });
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
