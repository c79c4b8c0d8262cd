/**
 * The floor for a catalog component page on our stack: Koa and a `pg` pool, nothing else — no
 * principal, no router, no ORM, no logging, no metrics. It answers
 * `GET /api/v1/projects/:project/components` (page and per_page only, no filters) for the
 * designer DESIGNER_ID with the statement the catalog's list runs and the same JSON bytes, so a
 * benchmark can put the catalog's req/s and CPU per request next to it.
 * Run by bench/catalog-page.ts: `node bench/support/bare-page-server.ts` with DATABASE_URL,
 * PORT, DESIGNER_ID and PUBLIC_BASE_URL.
 */
import Koa from 'koa';
import pg from 'pg';
import { offsetOf, pageRequest, paginate } from '@boardsync/kit/core';

const { DATABASE_URL, PORT, DESIGNER_ID, PUBLIC_BASE_URL } = process.env;
if (!DATABASE_URL || !PORT || !DESIGNER_ID || !PUBLIC_BASE_URL) throw new Error('DATABASE_URL, PORT, DESIGNER_ID and PUBLIC_BASE_URL are required');

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });

const COLUMNS = [
  'unique_id',
  'type',
  'name',
  'book_name',
  'page_name',
  'quantity',
  'description',
  'notes',
  'size',
  'color',
  'color_back',
  'shape',
  'card_mask_type',
  'mask_image',
  'material',
  'image_url',
  'back_image_url',
  'image_rotation',
  'facing',
  'phys_width_in',
  'phys_height_in',
  'weight_lbs',
  'cost_per_unit',
  'sort_order',
  'playtest_scale_x',
  'playtest_scale_y',
  'die_faces',
  'die_face_labels',
  'dice_style',
  'spinner_sections',
  'source',
] as const;

// The statement the catalog's list runs (services/catalog/src/store/components.ts readComponentPage), without filters:
// the project (no row when not the designer's), the total, and one page of rows with their group names.
const PAGE_SQL = `select t.total, c.id, ${COLUMNS.map((column) => `c.${column}`).join(', ')}, c.created_at, c.updated_at,
        coalesce(groups.deck_names, '{}') as deck_names, coalesce(groups.stack_names, '{}') as stack_names
   from project p
  cross join lateral (select count(*)::int as total from component where project_id = p.id) t
   left join lateral (select * from component where id in (
          select id from component where project_id = p.id order by type, sort_order, id limit $1 offset $2)) c on true
   left join lateral (
          select array_agg(g.name order by g.position asc nulls last, g.id) filter (where g.kind = 'deck') as deck_names,
                 array_agg(g.name order by g.position asc nulls last, g.id) filter (where g.kind = 'stack') as stack_names
            from group_member m join component_group g on g.id = m.group_id
           where m.component_id = c.id) groups on true
  where p.id = $3::bigint and p.designer_id = $4
  order by c.type, c.sort_order, c.id`;

type Row = Record<(typeof COLUMNS)[number], unknown> & {
  total: number;
  id: number | null;
  type: string;
  back_image_url: string | null;
  color_back: string | null;
  created_at: Date;
  updated_at: Date;
  deck_names: string[];
  stack_names: string[];
};

const TWO_SIDED = new Set(['card', 'token', 'board', 'coin']);

function present(row: Row) {
  const shown: Record<string, unknown> = { id: row.id };
  for (const column of COLUMNS) shown[column] = row[column];
  shown.shape ??= row.type === 'token' ? 'none' : null;
  shown.card_mask_type ??= row.type === 'card' ? 'none' : null;
  shown.flippable = TWO_SIDED.has(row.type) && Boolean(row.back_image_url ?? row.color_back);
  shown.deck_names = row.deck_names;
  shown.stack_names = row.stack_names;
  shown.created_at = row.created_at.toISOString();
  shown.updated_at = row.updated_at.toISOString();
  return shown;
}

const PATH = /^\/api\/v1\/projects\/(\d+)\/components$/;

const app = new Koa();
app.use(async (ctx) => {
  const project = PATH.exec(ctx.path)?.[1];
  if (ctx.method !== 'GET' || project === undefined) {
    ctx.status = 404;
    return;
  }
  const request = pageRequest(ctx.query, { maxPerPage: 200 });
  const { rows } = await pool.query<Row>(PAGE_SQL, [request.perPage, offsetOf(request), Number(project), Number(DESIGNER_ID)]);
  const [first] = rows;
  if (!first) {
    ctx.status = 404;
    return;
  }
  const page = first.id === null ? [] : rows.map(present);
  ctx.body = paginate(page, first.total, request, `${PUBLIC_BASE_URL}${ctx.path}`, {});
});
app.listen(Number(PORT), '127.0.0.1', () => {
  console.log('ready');
});
