import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Topics, decodeEnvelope, type DeliveredMessage, type Subscription } from '@boardsync/kit';
import { eventually, uniqueName } from '@boardsync/kit/testing';
import { HTML_PAGE, ImageServer, bytes, noisePng, status } from '../support/image-server.ts';
import type { AssetWorld, Caller } from '../support/world.ts';

interface ComponentBody {
  id: number;
  unique_id: string;
  name: string | null;
  image_url: string | null;
  back_image_url?: string | null;
  [field: string]: unknown;
}

interface AssetBody {
  key: string;
  url: string;
  size: number;
  name: string;
}

/**
 * Run by a spec file per backend: `internalize_images` end to end, from the catalog's write through
 * the bus (Kafka, or the in-process bus) to the asset service's copies and back to the catalog's rewrite.
 */
export function internalizeSuite(world: AssetWorld): void {
  let images: ImageServer;
  let listener: Subscription;
  // Every `asset.internalize.requested` on the bus, as delivered (raw bytes), by project id.
  const requested = new Map<number, DeliveredMessage[]>();

  beforeAll(async () => {
    images = await ImageServer.start();
    await world.asset.bus.ensureTopics([Topics.internalizeRequested]);
    listener = await world.asset.bus.subscribe({
      groupId: uniqueName('internalize-listener'),
      topics: [Topics.internalizeRequested],
      handler: (message) => {
        const event = decodeEnvelope(message.value).event;
        if (event?.$case === 'internalizeRequested') requested.set(event.value.projectId, [...(requested.get(event.value.projectId) ?? []), message]);
        return Promise.resolve();
      },
    });
  }, 60_000);
  afterAll(async () => {
    await listener.close();
    await images.close();
  });

  const writeCards = async (caller: Caller, project: number, components: Record<string, unknown>[]): Promise<[number, Record<string, unknown>]> => {
    const response = await world.callCatalog(caller, 'POST', `/api/v1/projects/${String(project)}/components/batch`, {
      type: 'card',
      components,
      internalize_images: true,
    });
    return [response.status, (await response.json()) as Record<string, unknown>];
  };

  const components = async (caller: Caller, project: number): Promise<Map<string, ComponentBody>> => {
    const response = await world.callCatalog(caller, 'GET', `/api/v1/projects/${String(project)}/components?per_page=200`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: ComponentBody[] };
    return new Map(data.map((component) => [component.unique_id, component]));
  };

  const assets = async (caller: Caller, project: number): Promise<AssetBody[]> => {
    const response = await world.call(caller, 'GET', `/api/v1/projects/${String(project)}/assets`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: AssetBody[] }).data;
  };

  const usedBytes = async (caller: Caller): Promise<number> => {
    const response = await world.callInternal(caller, `/internal/designers/${String(caller.designerId)}/storage`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { used_bytes: number }).used_bytes;
  };

  const isStored = (url: string | null | undefined): boolean => url?.startsWith(`${world.assetBaseUrl}/`) ?? false;

  /** The project's components once every listed field of the listed rows points at a stored copy. */
  const rewritten = (caller: Caller, project: number, fields: [string, 'image_url' | 'back_image_url'][]): Promise<Map<string, ComponentBody>> =>
    eventually(
      async () => {
        const rows = await components(caller, project);
        return fields.every(([uniqueId, field]) => isStored(rows.get(uniqueId)?.[field])) ? rows : undefined;
      },
      30_000,
      `the stored copies of ${fields.map(([uniqueId, field]) => `${uniqueId}.${field}`).join(', ')}`,
    );

  const bytesAt = async (url: string | null | undefined): Promise<Buffer> => {
    const served = await world.publicBytes(url ?? '');
    expect(served.status).toBe(200);
    return served.body;
  };

  describe('internalize_images', () => {
    it('copies each external image once, rewrites the components to the copies, and leaves the ones that fail alone', async () => {
      const me: Caller = { designerId: world.designer() };
      const project = await world.project(me);
      const [ace, king, back] = await Promise.all([noisePng(40, 30), noisePng(36, 48), noisePng(20, 20)]);
      images
        .route('/int/Ace.png', bytes(ace))
        .route('/int/King%20Card.png', bytes(king, { chunked: true }))
        .route('/int/back.png', bytes(back))
        .route('/int/missing.png', status(404))
        .route('/int/page.png', bytes(HTML_PAGE, { contentType: 'image/png' }));
      const blocked = 'http://10.0.0.1/x.png';
      const before = await usedBytes(me);

      const [written, result] = await writeCards(me, project, [
        { unique_id: 'ace', name: 'Ace', image_url: images.url('/int/Ace.png'), back_image_url: images.url('/int/back.png') },
        { unique_id: 'king', name: 'King', image_url: images.url('/int/King%20Card.png'), back_image_url: images.url('/int/back.png') },
        { unique_id: 'blocked', name: 'Blocked', image_url: blocked, back_image_url: images.url('/int/back.png') },
        { unique_id: 'missing', name: 'Missing', image_url: images.url('/int/missing.png') },
        { unique_id: 'page', name: 'Page', image_url: images.url('/int/page.png') },
      ]);
      expect([written, result]).toEqual([
        201,
        {
          created: 5,
          updated: 0,
          deleted: 0,
          errors: [],
          kept_artwork: [],
          components: ['Ace', 'King', 'Blocked', 'Missing', 'Page'].map((name) => ({ id: expect.any(Number), name, type: 'card' })),
          internalizing: true,
        },
      ]);

      const rows = await rewritten(me, project, [
        ['ace', 'image_url'],
        ['ace', 'back_image_url'],
        ['king', 'image_url'],
        ['king', 'back_image_url'],
        ['blocked', 'back_image_url'],
      ]);
      const copyOf = (uniqueId: string, field: 'image_url' | 'back_image_url'): string => rows.get(uniqueId)?.[field] ?? '';
      // One copy of the shared back, one request for it.
      expect(new Set([copyOf('ace', 'back_image_url'), copyOf('king', 'back_image_url'), copyOf('blocked', 'back_image_url')]).size).toBe(1);
      expect(images.hits('/int/back.png')).toBe(1);
      expect((await bytesAt(copyOf('ace', 'image_url'))).equals(ace)).toBe(true);
      expect((await bytesAt(copyOf('king', 'image_url'))).equals(king)).toBe(true);
      expect((await bytesAt(copyOf('ace', 'back_image_url'))).equals(back)).toBe(true);

      // The failures keep their external URLs; the others were copied anyway.
      expect([rows.get('blocked')?.image_url, rows.get('missing')?.image_url, rows.get('page')?.image_url]).toEqual([
        blocked,
        images.url('/int/missing.png'),
        images.url('/int/page.png'),
      ]);
      expect([images.hits('/int/Ace.png'), images.hits('/int/King%20Card.png'), images.hits('/int/missing.png'), images.hits('/int/page.png')]).toEqual([
        1, 1, 1, 1,
      ]);

      const folder = await assets(me, project);
      expect(folder.map(({ url, name, size }) => ({ url, name, size })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { url: copyOf('ace', 'image_url'), name: 'Ace.png', size: ace.length },
        { url: copyOf('ace', 'back_image_url'), name: 'back.png', size: back.length },
        { url: copyOf('king', 'image_url'), name: 'King-Card.png', size: king.length },
      ]);
      for (const asset of folder) expect(asset.key.startsWith(`designers/${String(me.designerId)}/projects/${String(project)}/`)).toBe(true);
      expect(await usedBytes(me)).toBe(before + ace.length + king.length + back.length);
    });

    it('copies only what fits in the quota; the rest keep their external URLs and the used bytes never pass the limit', async () => {
      const art = await noisePng(40, 30);
      const limit = Math.floor(art.length * 2.5);
      const tight: Caller = { designerId: world.designer(), storageLimitBytes: limit };
      const project = await world.project(tight);
      const names = ['one', 'two', 'three'];
      for (const name of names) images.route(`/quota/${name}.png`, bytes(art));

      const [written, result] = await writeCards(
        tight,
        project,
        names.map((name) => ({ unique_id: name, name, image_url: images.url(`/quota/${name}.png`) })),
      );
      expect([written, result.internalizing]).toEqual([201, true]);

      let mostUsed = 0;
      const rows = await eventually(
        async () => {
          mostUsed = Math.max(mostUsed, await usedBytes(tight));
          const found = await components(tight, project);
          return [...found.values()].some((row) => isStored(row.image_url)) ? found : undefined;
        },
        30_000,
        'the copies that fit',
      );
      // The completion is applied in one transaction: once one URL is rewritten, all are.
      const copied = names.filter((name) => isStored(rows.get(name)?.image_url));
      const kept = names.filter((name) => rows.get(name)?.image_url === images.url(`/quota/${name}.png`));
      expect([copied.length, kept.length]).toEqual([2, 1]);
      expect(await assets(tight, project)).toHaveLength(2);
      const used = await usedBytes(tight);
      expect(used).toBe(2 * art.length);
      expect(Math.max(mostUsed, used)).toBeLessThanOrEqual(limit);
    });

    it('copies nothing twice when a request is delivered again, even after a crash before it was marked done', async () => {
      const me: Caller = { designerId: world.designer() };
      const project = await world.project(me);
      const [hero, villain] = await Promise.all([noisePng(30, 30), noisePng(50, 20)]);
      images.route('/again/hero.png', bytes(hero)).route('/again/villain.png', bytes(villain));
      const [written] = await writeCards(me, project, [
        { unique_id: 'hero', name: 'Hero', image_url: images.url('/again/hero.png') },
        { unique_id: 'villain', name: 'Villain', image_url: images.url('/again/villain.png') },
      ]);
      expect(written).toBe(201);
      const settled = await rewritten(me, project, [
        ['hero', 'image_url'],
        ['villain', 'image_url'],
      ]);
      const [message] = await eventually(() => requested.get(project), 20_000, 'the internalize request on the bus');
      if (!message) throw new Error('no internalize request was captured');
      const folder = await assets(me, project);
      const used = await usedBytes(me);
      expect(folder).toHaveLength(2);

      /**
       * Publishes the captured request again, then a new write of the same project (same key, so the
       * same partition, delivered after it): once the new write's image is copied, the duplicate was handled.
       */
      const redeliver = async (marker: string): Promise<Map<string, ComponentBody>> => {
        images.route(`/again/${marker}.png`, bytes(await noisePng(10, 10)));
        await world.asset.bus.publish([{ topic: Topics.internalizeRequested, key: message.key, value: message.value, headers: message.headers }]);
        const [markerWritten] = await writeCards(me, project, [{ unique_id: marker, name: marker, image_url: images.url(`/again/${marker}.png`) }]);
        expect(markerWritten).toBe(201);
        const rows = await rewritten(me, project, [[marker, 'image_url']]);
        expect([images.hits('/again/hero.png'), images.hits('/again/villain.png')]).toEqual([1, 1]);
        expect([rows.get('hero'), rows.get('villain')]).toEqual([settled.get('hero'), settled.get('villain')]);
        return rows;
      };

      const afterReplay = await redeliver('marker-one');
      const markerOne = (await assets(me, project)).find((asset) => asset.url === afterReplay.get('marker-one')?.image_url);
      expect((await assets(me, project)).map((asset) => asset.key).sort()).toEqual([...folder.map((asset) => asset.key), markerOne?.key].sort());
      expect(await usedBytes(me)).toBe(used + (markerOne?.size ?? Number.NaN));

      // As if the service had stopped after copying but before marking the request done: the copies are found again.
      const { eventId } = decodeEnvelope(message.value);
      await world.asset.orm.em.fork().execute('delete from internalize_job where event_id = ?', [eventId]);
      await redeliver('marker-two');
      const finalFolder = await assets(me, project);
      expect(finalFolder).toHaveLength(4);
      expect(finalFolder.filter((asset) => folder.some((earlier) => earlier.key === asset.key))).toHaveLength(2);
    });
  });
}
