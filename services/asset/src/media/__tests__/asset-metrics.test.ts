import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Registry } from 'prom-client';
import { AssetMetrics } from '../asset-metrics.ts';
import { ImageFixtures } from './image-fixtures.ts';

let fixtures: ImageFixtures;

beforeAll(async () => {
  fixtures = await ImageFixtures.create();
});

afterAll(async () => {
  await fixtures.remove();
});

describe('AssetMetrics', () => {
  it('times each conversion by target and outcome, and none for an image kept as it is', async () => {
    const registry = new Registry();
    const { processor } = await fixtures.processor({ conversions: new AssetMetrics(registry), timeoutSeconds: 1 });
    const photo = await fixtures.file('timed.jpg', await fixtures.noise(64, 48).jpeg().toBuffer());
    await processor.process({ path: photo, kind: 'jpeg', convertTo: 'webp' });
    await processor.process({ path: photo, kind: 'jpeg' });
    // Its header reads, its pixels end halfway: the conversion's decode fails.
    const whole = await fixtures.noise(200, 150).jpeg().toBuffer();
    const truncated = await fixtures.file('truncated.jpg', whole.subarray(0, Math.floor(whole.length * 0.5)));
    await expect(processor.process({ path: truncated, kind: 'jpeg', convertTo: 'avif' })).rejects.toThrow();
    const text = await registry.metrics();
    expect(text).toContain('boardsync_asset_conversion_duration_seconds_count{to="webp",outcome="converted"} 1');
    expect(text).toContain('boardsync_asset_conversion_duration_seconds_count{to="avif",outcome="failed"} 1');
    expect(text).not.toContain('boardsync_asset_conversion_duration_seconds_count{to="jpeg"');
  });

  it('adds up the bytes of the files received, by source', async () => {
    const registry = new Registry();
    const metrics = new AssetMetrics(registry);
    metrics.received('upload', 1_000);
    metrics.received('upload', 2_000_000);
    metrics.received('url', 500);
    const text = await registry.metrics();
    expect(text).toContain('boardsync_asset_upload_size_bytes_sum{source="upload"} 2001000');
    expect(text).toContain('boardsync_asset_upload_size_bytes_count{source="upload"} 2');
    expect(text).toContain('boardsync_asset_upload_size_bytes_bucket{le="16384",source="url"} 1');
  });
});
