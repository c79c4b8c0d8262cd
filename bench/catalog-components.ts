/**
 * Catalog component benchmarks (target: a 500-row batch upsert ≤ 1.5× the raw statement), on the real
 * Postgres `scripts/infra up` starts:
 *  1. a 500-row batch upsert through the catalog's HTTP endpoint (create, then update; an update also
 *     with the `Idempotency-Key` the clients send, its answer kept in the write's transaction), next to
 *     the same rows written by one plain multi-row `INSERT … ON CONFLICT` with `pg`;
 *  2. a component-list page at page 1 and at the last page of a 100,000-row project.
 * Run: `npm run bench:catalog` (BENCH_ROUNDS to change the number of timed runs).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { InProcessBus, INTERNAL_PRINCIPAL_HEADER, openDatabase, serve } from '@boardsync/kit';
import { createTestDatabase, testLogger } from '@boardsync/kit/testing';
import { createApp, entities, migrations } from '@boardsync/catalog';
import { benchPrincipal, pageOfCards } from './support/bench-api.ts';
import { measure, measureAlternating, printTable } from './support/measure.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const BIG_PROJECT_ROWS = 100_000;
const SECRET = 'bench-principal-'.padEnd(40, 'b');
const DESIGNER = 1;
const logger = testLogger('bench');

const database = await createTestDatabase('bench');
const orm = await openDatabase({ url: database.url, entities, migrations, logger });
const bus = new InProcessBus({ logger });
const server = await serve(
  createApp({
    orm,
    bus,
    logger,
    config: { ADMIN_TOKEN: 'bench-admin-'.padEnd(40, 'a'), INTERNAL_JWT_SECRET: SECRET, ASSET_PUBLIC_URL: undefined, PUBLIC_BASE_URL: 'http://localhost:8080' },
  }).public,
  { port: 0 },
);
const client = new pg.Client({ connectionString: database.url });
await client.connect();

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const principal = await benchPrincipal(DESIGNER, SECRET);
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { [INTERNAL_PRINCIPAL_HEADER]: principal, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${String(response.status)}: ${await response.text()}`);
  return response.json();
}

const newProject = async (): Promise<number> => ((await call('POST', '/api/v1/projects', { name: 'Bench' })) as { data: { id: number } }).data.id;

/** 500 card rows as a card generator would send them, their descriptions differing by variant. */
const cards = (variant: number) =>
  pageOfCards(500).map((card, index) => ({ ...card, description: `Variant ${String(variant)}: draw ${String(index % 4)} cards.` }));

async function plainUpsert(projectId: number, variant: number): Promise<void> {
  const rows = cards(variant);
  const columns = [
    'project_id',
    'type',
    'unique_id',
    'name',
    'quantity',
    'description',
    'color',
    'image_url',
    'card_mask_type',
    'phys_width_in',
    'phys_height_in',
    'sort_order',
    'source',
  ];
  const values: unknown[] = [];
  const tuples = rows.map((row, index) => {
    values.push(
      projectId,
      'card',
      row.unique_id,
      row.name,
      row.quantity,
      row.description,
      row.color,
      row.image_url,
      'default:rectangle_rounded',
      row.phys_width_in,
      row.phys_height_in,
      row.sort_order,
      'api:bench',
    );
    return `(${columns.map((_, column) => `$${String(index * columns.length + column + 1)}`).join(', ')})`;
  });
  const updates = columns
    .slice(3)
    .map((column) => `${column} = excluded.${column}`)
    .join(', ');
  await client.query(
    `insert into component (${columns.join(', ')}) values ${tuples.join(', ')} on conflict (project_id, unique_id) do update set ${updates}, updated_at = now()`,
    values,
  );
}

// 1. 500-row batch upserts: the five cases take turns round by round, so the machine's noise falls on each alike.
const apiProjects: number[] = [];
const plainProjects: number[] = [];
const writeCases: { label: string; run: (round: number) => Promise<void> }[] = [
  {
    label: 'pg INSERT … ON CONFLICT, 500 new rows',
    run: async () => {
      const projectId = await newProject();
      plainProjects.push(projectId);
      await plainUpsert(projectId, 0);
    },
  },
  {
    label: 'POST components/batch, 500 new rows (201)',
    run: async () => {
      const projectId = await newProject();
      apiProjects.push(projectId);
      await call('POST', `/api/v1/projects/${String(projectId)}/components/batch`, { type: 'card', components: cards(0) });
    },
  },
  {
    label: 'pg INSERT … ON CONFLICT, 500 changed rows',
    run: async (round) => {
      await plainUpsert(plainProjects.at(-1) ?? 0, round + 10);
    },
  },
  {
    label: 'POST components/batch, 500 changed rows (200)',
    run: async (round) => {
      await call('POST', `/api/v1/projects/${String(apiProjects.at(-1) ?? 0)}/components/batch`, { type: 'card', components: cards(round + 10) });
    },
  },
  {
    label: 'POST components/batch, 500 changed rows, Idempotency-Key (200)',
    run: async (round) => {
      const body = { type: 'card', components: cards(round + 1000) };
      await call('POST', `/api/v1/projects/${String(apiProjects.at(-1) ?? 0)}/components/batch`, body, { 'Idempotency-Key': randomUUID() });
    },
  },
];
const writes = await measureAlternating(writeCases, ROUNDS);
printTable('500-row batch upsert (one transaction each; the cases alternate)', writes);

// 2. Listing a 100,000-row project.
const bigProject = await newProject();
await client.query(
  `insert into component (project_id, type, unique_id, name, quantity, card_mask_type, shape, source, sort_order, description, image_url)
   select $1, (array['card','token','dice','board','rulebook'])[1 + g % 5], 'u-' || g, 'Component ' || g, 1,
          case when g % 5 = 0 then 'none' end, case when g % 5 = 1 then 'none' end, 'api:bench', g % 997,
          'A component description long enough to look like one a designer writes.', 'https://art.example/' || g || '.png'
     from generate_series(1, ${String(BIG_PROJECT_ROWS)}) g`,
  [bigProject],
);
await client.query('vacuum analyze component');
const base = `/api/v1/projects/${String(bigProject)}/components?per_page=200`;
const lastPage = ((await call('GET', base)) as { meta: { last_page: number } }).meta.last_page;
const first = await measure('GET components page 1 (200 rows)', ROUNDS * 2, async () => {
  await call('GET', `${base}&page=1`);
});
const last = await measure(`GET components last page (${String(lastPage)}, 200 rows)`, ROUNDS * 2, async () => {
  await call('GET', `${base}&page=${String(lastPage)}`);
});
const tokenLastPage = ((await call('GET', `${base}&type=token`)) as { meta: { last_page: number } }).meta.last_page;
const typed = await measure(`GET components?type=token last page (${String(tokenLastPage)})`, ROUNDS * 2, async () => {
  await call('GET', `${base}&type=token&page=${String(tokenLastPage)}`);
});
const byName = await measure('GET components?name=… (exact, one row)', ROUNDS * 2, async () => {
  await call('GET', `${base}&name=${encodeURIComponent('Component 77777')}`);
});
const offset = (lastPage - 1) * 200;
const idsFirst = await measure('pg, last page: ids from the index, then 200 rows', ROUNDS * 2, async () => {
  const { rows } = await client.query<{ id: number }>('select id from component where project_id = $1 order by type, sort_order, id limit 200 offset $2', [
    bigProject,
    offset,
  ]);
  await client.query('select * from component where id = any($1)', [rows.map((row) => row.id)]);
});
const naive = await measure('pg, last page: whole rows ORDER BY … OFFSET', ROUNDS * 2, async () => {
  await client.query('select * from component where project_id = $1 order by type, sort_order, id limit 200 offset $2', [bigProject, offset]);
});
printTable(`component list on a ${String(BIG_PROJECT_ROWS)}-row project`, [first, last, typed, byName, idsFirst, naive]);

await client.end();
await server.close();
await orm.close();
await database.drop();
