import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { unwrap } from '@boardsync/client';
import type { RunningSystem } from '../../../../tests/support/running-system.ts';
import { ArtworkServer, ONE_PIXEL_PNG } from '../../../../tests/support/artwork-server.ts';
import { clientFor } from './client-for.ts';

export function describeUploads(system: RunningSystem): void {
  describe('uploadAsset and mirrorAsset', () => {
    // Where mirrored artwork comes from: a server on this machine (the asset service may reach 127.0.0.1 here).
    const artwork = new ArtworkServer();
    beforeAll(() => artwork.start());
    afterAll(() => artwork.stop());

    it('uploads bytes as multipart, converting on request, and the stored URL is usable as image_url', async () => {
      const { client } = await clientFor(system);
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Art' } })).data.id;
      const stored = await client.uploadAsset(project, { data: new Uint8Array(ONE_PIXEL_PNG), filename: 'pixel.png' });
      expect(stored).toMatchObject({ size: ONE_PIXEL_PNG.length, name: 'pixel.png' });
      const converted = await client.uploadAsset(project, { data: new Blob([ONE_PIXEL_PNG]), filename: 'pixel.png' }, { convertTo: 'webp' });
      expect(converted.name).toMatch(/\.webp$/);
      const listed = unwrap(await client.api.GET('/api/v1/projects/{project}/assets', { params: { path: { project } } }));
      expect(listed.data.map((asset) => asset.key).sort()).toEqual([stored.key, converted.key].sort());
      const written = await client.writeComponents(project, { type: 'card', components: [{ name: 'Pictured', image_url: stored.url }] });
      expect(written.created).toBe(1);
    });

    it('sends one Idempotency-Key per upload, so the same key stores once', async () => {
      const { client } = await clientFor(system);
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Once' } })).data.id;
      const first = await client.uploadAsset(project, { data: ONE_PIXEL_PNG, filename: 'once.png' }, { idempotencyKey: 'upload-once-1' });
      const replayed = await client.uploadAsset(project, { data: ONE_PIXEL_PNG, filename: 'once.png' }, { idempotencyKey: 'upload-once-1' });
      expect(replayed).toEqual(first);
      const me = unwrap(await client.api.GET('/api/v1/me'));
      expect(me.storage.used_bytes).toBe(ONE_PIXEL_PNG.length);
    });

    it('mirrors an image from a URL', async () => {
      const { client } = await clientFor(system);
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Mirror' } })).data.id;
      const mirrored = await client.mirrorAsset(project, artwork.url('pixel.png'));
      expect(mirrored).toMatchObject({ size: ONE_PIXEL_PNG.length, name: expect.stringMatching(/^pixel.*\.png$/) });
    });

    it('refuses a URL the service will not reach with the API’s 422', async () => {
      const { client } = await clientFor(system);
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Refused' } })).data.id;
      await expect(client.mirrorAsset(project, 'http://169.254.169.254/latest/meta-data')).rejects.toMatchObject({ status: 422, code: 'validation_failed' });
    });
  });
}
