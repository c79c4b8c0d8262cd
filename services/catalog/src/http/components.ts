import type { z } from 'zod';
import { answerOnce, offsetOf, pageRequest, paginate, parseRequest, principalOf, publicPath } from '@boardsync/kit';
import { pageOf, pageQuery, withExample, type Deprecation, type OperationContext } from '@boardsync/kit/contract';
import { readComponentPage } from '../store/components.ts';
import { projectNotFound as noSuchProject } from '../use-cases/project-access.ts';
import { deleteComponent } from '../use-cases/delete-component.ts';
import { deleteComponents } from '../use-cases/delete-components.ts';
import { writeComponents, type ComponentWrite, type WriteOutcome } from '../use-cases/write-components.ts';
import type { CatalogApi, CatalogOperation } from './catalog-api.ts';
import { batchWrite, componentParams, deleteQuery, listQuery, MAX_BATCH_ROWS, singleWrite } from './component-requests.ts';
import { componentBody, componentDeletedBody, componentsDeletedBody, writeResultBody } from './component-schemas.ts';
import { presentComponent } from './component-presenter.ts';
import { BATCH_JSON_LIMIT, batchJsonBody, jsonBody } from './json-bodies.ts';
import { projectParam } from './params.ts';
import { bodyTooLarge, problem, projectLocked, projectNotFound } from './problem-responses.ts';
import { presentWriteResult } from './write-result-presenter.ts';

export const MAX_COMPONENTS_PER_PAGE = 200;

const written = {
  201: { description: 'At least one row was created.', schema: writeResultBody },
  200: { description: 'No row was created: each matched an existing component (written, changed or not).', schema: writeResultBody },
};
const rowsRefused = (rowPath: string) =>
  problem(
    `The project id, the body or a row failed validation (\`validation_failed\`, with \`errors\` per field, a row's keyed \`${rowPath}.{field}\`): ` +
      'an invalid or missing field, a mask value not in `GET /masks`, a `unique_id` of a component of another type or sent twice. Nothing was written.',
  );
const writeRules =
  'Rows are matched by `unique_id` (created on first sight, updated in place after), or by name when a row has no `unique_id` or `match_by_name` is set. ' +
  '`deck_names` / `stack_names` create missing decks or stacks and set membership; a card or token that cannot join one is still written and listed in `errors`. ' +
  'One transaction and one `components.changed` event (none when nothing changed).';

/** The rows a write's body carries, whatever they hold: `component` (one) or `components` (a batch). */
function rowsOf(body: unknown): unknown[] {
  if (typeof body !== 'object' || body === null) return [];
  const { component, components } = body as { component?: unknown; components?: unknown };
  return Array.isArray(components) ? components : component === undefined ? [] : [component];
}

/** Writes still accept the older `die_face_urls` (docs/rules.md "Versioning") for a die's faces; `die_faces` is the field. */
const dieFaceUrlsAlias: Deprecation = {
  what: { field: 'die_face_urls' },
  since: '2026-11-28',
  link: '/docs#section/Versioning-and-deprecation',
  instead: '`die_faces` (the same list of face images)',
  usedBy: (body) => rowsOf(body).some((row) => typeof row === 'object' && row !== null && Object.hasOwn(row, 'die_face_urls')),
};

/** Writes one row or a batch: one transaction, answered with what each row became. */
async function answerWrite(ctx: OperationContext, { orm, storedArtworkBaseUrl, keys }: CatalogApi, body: z.ZodType<ComponentWrite>): Promise<void> {
  const { project } = parseRequest(projectParam, ctx.params);
  const write = parseRequest(body, ctx.request.body);
  const em = orm.em.fork();
  await answerOnce<WriteOutcome>(ctx, em, keys, {
    run: (remember) => writeComponents(em, principalOf(ctx), project, write, { storedArtworkBaseUrl }, remember),
    answer: (outcome) => {
      const result = presentWriteResult(outcome);
      return { status: result.created > 0 ? 201 : 200, body: result };
    },
  });
}

/** docs/rules.md "Components". */
export const componentOperations: CatalogOperation[] = [
  {
    method: 'GET',
    path: '/projects/:project/components',
    scope: 'components:read',
    operationId: 'listComponents',
    summary: 'List a project’s components, grouped by type, then the designer’s ordering',
    description: `Paged: \`per_page\` defaults to 50 and is clamped to ${String(MAX_COMPONENTS_PER_PAGE)}. The exact-match filters find a row wherever it sits in the ordering.`,
    tags: ['Components'],
    params: projectParam,
    query: listQuery.extend(pageQuery.shape),
    responses: {
      200: { description: 'A page of components.', schema: pageOf(componentBody) },
      404: projectNotFound,
      422: problem('An invalid project id or filter (`validation_failed`, with `errors` per field).'),
    },
    async handle(ctx, { orm, publicBaseUrl }) {
      const { project: projectId } = parseRequest(projectParam, ctx.params);
      const filters = parseRequest(listQuery, ctx.query);
      const request = pageRequest(ctx.query, { maxPerPage: MAX_COMPONENTS_PER_PAGE });
      const filter = { type: filters.type, name: filters.name, uniqueId: filters.unique_id };
      const owner = { designerId: principalOf(ctx).designerId, projectId };
      // No fork: the read is one raw statement, so it has no identity map to keep apart.
      const page = Number.isSafeInteger(projectId) ? await readComponentPage(orm.em, owner, filter, offsetOf(request), request.perPage) : null;
      if (!page) throw noSuchProject();
      ctx.body = paginate(page.rows.map(presentComponent), page.total, request, publicPath(publicBaseUrl, ctx), filters);
    },
  },
  {
    method: 'POST',
    path: '/projects/:project/components',
    scope: 'components:write',
    usesPlan: true,
    operationId: 'writeComponent',
    deprecations: [dieFaceUrlsAlias],
    summary: 'Create or update one component: a batch of one',
    description: writeRules,
    tags: ['Components'],
    params: projectParam,
    body: withExample(singleWrite, {
      type: 'card',
      component: { unique_id: 'sheet-row-17', name: 'Squall', quantity: 3, image_url: 'https://art.example/squall.png', deck_names: ['Weather'] },
    }),
    responses: {
      ...written,
      413: bodyTooLarge(),
      404: projectNotFound,
      409: projectLocked,
      422: rowsRefused('component'),
    },
    before: () => [jsonBody],
    handle: (ctx, api) => answerWrite(ctx, api, singleWrite),
  },
  {
    method: 'POST',
    path: '/projects/:project/components/batch',
    scope: 'components:write',
    usesPlan: true,
    operationId: 'writeComponentBatch',
    deprecations: [dieFaceUrlsAlias],
    summary: `Create or update up to ${String(MAX_BATCH_ROWS)} components of one type in one transaction`,
    description: `${writeRules} \`remove_missing\` then deletes this app’s components of the type the batch left out.`,
    tags: ['Components'],
    params: projectParam,
    body: withExample(batchWrite, {
      type: 'card',
      components: [
        { unique_id: 'sheet-row-17', name: 'Squall', quantity: 3, color: '#1d3557', deck_names: ['Weather'] },
        { unique_id: 'sheet-row-18', name: 'Doldrums', deck_names: 'Weather|Calm' },
      ],
      match_by_name: false,
      remove_missing: false,
      internalize_images: false,
    }),
    responses: {
      ...written,
      413: bodyTooLarge(BATCH_JSON_LIMIT),
      404: projectNotFound,
      409: projectLocked,
      422: rowsRefused('components.{index}'),
    },
    before: () => [batchJsonBody],
    handle: (ctx, api) => answerWrite(ctx, api, batchWrite),
  },
  {
    method: 'DELETE',
    path: '/projects/:project/components',
    scope: 'components:write',
    operationId: 'deleteComponents',
    summary: 'Delete the components the calling app created, of one type or all',
    description: 'Only rows stamped with the caller’s source tag go; hand-made, imported and other apps’ rows stay.',
    tags: ['Components'],
    params: projectParam,
    query: deleteQuery,
    responses: {
      200: { description: 'How many were deleted (0 is a success too).', schema: componentsDeletedBody },
      404: projectNotFound,
      409: projectLocked,
      422: problem('An invalid project id or `type` (`validation_failed`, with `errors` per field).'),
    },
    async handle(ctx, { orm }) {
      const { project } = parseRequest(projectParam, ctx.params);
      const { type } = parseRequest(deleteQuery, ctx.query);
      ctx.body = { deleted: await deleteComponents(orm.em.fork(), principalOf(ctx), project, type) } satisfies z.infer<typeof componentsDeletedBody>;
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:project/components/:uniqueId',
    scope: 'components:write',
    operationId: 'deleteComponent',
    summary: 'Delete one component the calling app created, by its unique_id',
    description:
      'A `unique_id` is one path segment here: one holding `/` or `\\` (which no gateway lets through, even percent-encoded) is removed by `DELETE components?type=` or a batch with `remove_missing` instead.',
    tags: ['Components'],
    params: componentParams,
    responses: {
      200: { description: 'Deleted.', schema: componentDeletedBody },
      403: {
        ...problem(
          'The component was created by another app or by hand in the editor (`forbidden`): an app deletes only its own. ' +
            'Or, as for every operation, the token lacks the scope (`insufficient_scope`).',
        ),
        headers: { 'WWW-Authenticate': 'With `insufficient_scope`: the scope required.' },
      },
      404: problem('No such project of the caller’s, or no component with this `unique_id` in it (`not_found`).'),
      409: projectLocked,
      422: problem('An invalid project id, or a `uniqueId` that is not one path segment (`validation_failed`).'),
    },
    async handle(ctx, { orm }) {
      const { project, uniqueId } = parseRequest(componentParams, ctx.params);
      await deleteComponent(orm.em.fork(), principalOf(ctx), project, uniqueId);
      ctx.body = { deleted: true } satisfies z.infer<typeof componentDeletedBody>;
    },
  },
];
