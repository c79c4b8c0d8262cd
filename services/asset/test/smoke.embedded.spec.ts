import { expect, it } from '@jest/globals';
import sharp from 'sharp';
import { runOn } from './support/run-on.ts';

runOn('pglite+in-process+directory', (world) => {
  it('uploads, lists, serves and deletes', async () => {
    const me = { designerId: world.designer() };
    const project = await world.project(me);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([png]), 'Card Art.png');
    const created = await world.call(me, 'POST', `/api/v1/projects/${String(project)}/assets`, form);
    const body = (await created.json()) as { key: string; url: string; size: number; name: string };
    expect([created.status, body]).toEqual([201, expect.objectContaining({ size: png.length, name: 'Card-Art.png' })]);
    const listed = await world.call(me, 'GET', `/api/v1/projects/${String(project)}/assets`);
    expect(await listed.json()).toMatchObject({ data: [{ key: body.key, url: body.url }] });
    expect((await world.publicBytes(body.url)).body.equals(png)).toBe(true);
    const deleted = await world.call(me, 'DELETE', `/api/v1/projects/${String(project)}/assets`, { key: body.key });
    expect([deleted.status, await deleted.json()]).toEqual([200, { deleted: true }]);
  });
});
