// Never run: `tsc` (npm run typecheck) checks that the contract's row types refuse each of these,
// and fails on a `@ts-expect-error` that no longer finds an error.
import type { BoardsyncClient } from '@boardsync/client';

export const refusedRows = (client: BoardsyncClient, project: number) => [
  // @ts-expect-error a card has no die faces
  client.writeComponents(project, { type: 'card', components: [{ name: 'Gust', die_faces: [] }] }),
  // @ts-expect-error a misspelt field is no field of a die
  client.writeComponents(project, { type: 'dice', components: [{ name: 'Wind die', die_facez: [] }] }),
  // @ts-expect-error a rulebook page has no name of its own
  client.writeComponents(project, { type: 'rulebook', components: [{ name: 'Setup' }] }),
  // @ts-expect-error a card needs its name
  client.writeComponents(project, { type: 'card', components: [{ unique_id: 'r-1' }] }),
  // @ts-expect-error a quantity is a number (or its text), not a flag
  client.writeComponents(project, { type: 'token', components: [{ name: 'Coin', quantity: true }] }),
];
