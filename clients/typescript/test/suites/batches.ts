import { describe, expect, it } from '@jest/globals';
import { BatchWriteError, BoardsyncError, unwrap, type BoardsyncClient, type ComponentRow } from '@boardsync/client';
import type { RunningSystem } from '../../../../tests/support/running-system.ts';
import { clientFor } from './client-for.ts';

async function cardNames(client: BoardsyncClient, project: number): Promise<string[]> {
  const names: string[] = [];
  for await (const card of client.list('/api/v1/projects/{project}/components', { path: { project }, query: { type: 'card', per_page: 200 } }))
    names.push(card.name ?? '');
  return names.sort();
}

const cards = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({ unique_id: `card-${String(from + index)}`, name: `Card ${String(from + index).padStart(4, '0')}` }));

export function describeBatches(system: RunningSystem): void {
  describe('writeComponents', () => {
    it('splits any number of rows into calls of at most 500, one result for all, with progress', async () => {
      const { client, sent } = await clientFor(system);
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Big deck' } })).data.id;
      const progress: number[] = [];
      sent.length = 0;
      const result = await client.writeComponents(
        project,
        { type: 'card', components: cards(0, 1001) },
        { onProgress: ({ written }) => progress.push(written) },
      );
      expect(sent).toEqual(Array(3).fill(`POST /api/v1/projects/${String(project)}/components/batch`));
      expect(progress).toEqual([500, 1000, 1001]);
      expect(result).toMatchObject({ created: 1001, updated: 0, deleted: 0, errors: [] });
      expect(result.components).toHaveLength(1001);
      expect(result.components.map((component) => component.name)).toEqual(cards(0, 1001).map((card) => card.name));
      const again = await client.writeComponents(project, { type: 'card', components: cards(0, 1001) });
      expect(again).toMatchObject({ created: 0, updated: 1001 });
    });

    it('removes what no batch named when remove_missing spans several calls', async () => {
      const { client, sent } = await clientFor(system);
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Trimmed' } })).data.id;
      await client.writeComponents(project, { type: 'card', components: cards(0, 7) });
      const kept = [...cards(1, 2), ...cards(4, 2)];
      sent.length = 0;
      const result = await client.writeComponents(project, { type: 'card', components: kept, remove_missing: true }, { batchSize: 3 });
      expect(result).toMatchObject({ updated: 4, created: 0, deleted: 3 });
      expect(await cardNames(client, project)).toEqual(kept.map((card) => card.name).sort());
      expect(sent.filter((line) => line.startsWith('DELETE')).sort()).toEqual(
        ['card-0', 'card-3', 'card-6'].map((id) => `DELETE /api/v1/projects/${String(project)}/components/${id}`),
      );
      // Within one call, remove_missing is the API's own: one transaction, no deletes of the client's.
      sent.length = 0;
      const single = await client.writeComponents(project, { type: 'card', components: cards(1, 1), remove_missing: true });
      expect(single).toMatchObject({ updated: 1, deleted: 3 });
      expect(sent.filter((line) => !line.startsWith('POST'))).toEqual([]);
    });

    it('refuses, deleting nothing, when a row to remove has a unique_id no path can carry', async () => {
      const { client, sent } = await clientFor(system);
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Slashed' } })).data.id;
      await client.writeComponents(project, { type: 'card', components: [...cards(0, 2), { unique_id: 'sheet/row/9', name: 'Slashed' }, ...cards(5, 1)] });
      sent.length = 0;
      await expect(client.writeComponents(project, { type: 'card', components: cards(0, 2), remove_missing: true }, { batchSize: 1 })).rejects.toThrow(
        /"sheet\/row\/9"/,
      );
      expect(sent.filter((line) => line.startsWith('DELETE'))).toEqual([]);
      expect(await cardNames(client, project)).toHaveLength(4);
    });

    // What the row types refuse at compile time is in typed-rows.check.ts.
    it('types each row by its type: a die takes its faces and die type, a rulebook page its book and page', async () => {
      const { client } = await clientFor(system);
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Typed rows' } })).data.id;
      const faces = 'https://art.example/1.png|https://art.example/2.png';
      await client.writeComponents(project, {
        type: 'dice',
        components: [{ unique_id: 7, name: 'Wind die', size: 6, die_faces: faces, phys_width_in: '0.6' }],
      });
      await client.writeComponents(project, { type: 'rulebook', components: [{ book_name: 'Rules', page_name: 'Setup', sort_order: 1 }] });
      const rows = unwrap(await client.api.GET('/api/v1/projects/{project}/components', { params: { path: { project } } })).data;
      expect(rows.find((row) => row.type === 'dice')).toMatchObject({ unique_id: '7', size: 'd6', die_faces: faces.split('|'), phys_width_in: 0.6 });
      expect(rows.find((row) => row.type === 'rulebook')).toMatchObject({ name: 'Setup', book_name: 'Rules', quantity: 1 });
    });

    it('says which rows landed when a later batch is refused', async () => {
      const { client } = await clientFor(system);
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Half' } })).data.id;
      // The row types refuse a nameless card; the service must refuse it too, for clients that are not typed.
      const rows = [...cards(0, 3), { unique_id: 'nameless' } as unknown as ComponentRow<'card'>];
      let refusal: unknown;
      try {
        await client.writeComponents(project, { type: 'card', components: rows }, { batchSize: 3 });
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(BatchWriteError);
      const { applied, firstRow, cause } = refusal as BatchWriteError;
      expect(firstRow).toBe(3);
      expect(applied).toMatchObject({ created: 3 });
      expect(cause).toBeInstanceOf(BoardsyncError);
      expect(cause.status).toBe(422);
      expect(await cardNames(client, project)).toEqual(cards(0, 3).map((card) => card.name));
    });
  });
}
