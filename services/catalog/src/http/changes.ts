import Router from '@koa/router';
import { parseRequest, principalOf, publicPath, type Database, type Logger } from '@boardsync/kit';
import type { ChangeFeed } from '../use-cases/change-reader.ts';
import { openChangeStream, type FollowSettings } from '../use-cases/follow-changes.ts';
import { readChangeHead, readChangePage } from '../use-cases/read-changes.ts';
import type { ChangeMetrics } from './change-metrics.ts';
import { presentChange } from './change-presenter.ts';
import { answerWithEventStream, wantsEventStream } from './change-stream.ts';
import { hangUpSignal } from './hang-up.ts';
import { changesQuery, type ChangePageBody } from './change-schemas.ts';

/** The same request from `cursor` on, the caller's other choices kept. */
function nextLink(base: string, query: { project?: number | undefined; limit: number; wait: number }, cursor: string, limitSent: boolean): string {
  const params = new URLSearchParams({ after: cursor });
  if (query.project !== undefined) params.set('project', String(query.project));
  if (limitSent) params.set('limit', String(query.limit));
  if (query.wait > 0) params.set('wait', String(query.wait));
  return `${base}?${params.toString()}`;
}

/** The changes feed (docs/decisions.md "Changes feed"): its head, and the changes after a cursor, paged or held. */
export function changesRouter(
  orm: Database,
  feed: ChangeFeed,
  options: { publicBaseUrl: string; stream: Omit<FollowSettings, 'pageSize'>; logger: Logger; metrics: ChangeMetrics },
): Router {
  const router = new Router({ prefix: '/api/v1/changes' });

  router.get('/head', async (ctx) => {
    ctx.body = { cursor: await readChangeHead(orm.em.fork(), principalOf(ctx), feed) };
  });

  router.get('/', async (ctx) => {
    const query = parseRequest(changesQuery, ctx.query);
    if (wantsEventStream(ctx)) {
      // An EventSource resumes by sending its last event's id; the URL keeps the `after` it first came with.
      const resumeFrom = ctx.get('Last-Event-ID');
      const after = resumeFrom === '' ? query.after : resumeFrom;
      const stream = await openChangeStream(() => orm.em.fork(), principalOf(ctx), { after, project: query.project }, feed, {
        ...options.stream,
        pageSize: query.limit,
      });
      answerWithEventStream(ctx, stream, options);
      return;
    }
    const page = await readChangePage(orm.em.fork(), principalOf(ctx), query, feed, hangUpSignal(ctx));
    for (const { change } of page.changes) options.metrics.answered(change.occurredAt);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      data: page.changes.map(({ change, cursor }) => presentChange(change, cursor)),
      links: { next: nextLink(publicPath(options.publicBaseUrl, ctx), query, page.cursor, ctx.query.limit !== undefined) },
      meta: { cursor: page.cursor, has_more: page.hasMore },
    } satisfies ChangePageBody;
  });

  return router;
}
