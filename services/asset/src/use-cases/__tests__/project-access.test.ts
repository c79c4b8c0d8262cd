import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isProblem } from '@boardsync/kit';
import { httpProjectFacts, type ProjectFacts } from '../../outbound/project-facts.ts';
import { readableFolder, writableFolder } from '../project-access.ts';

/** A catalog's internal listener as the asset service meets it: project 1 absent, 2 locked, 3 a broken answer. */
let catalog: Server;
let facts: ProjectFacts;
beforeAll(async () => {
  catalog = createServer((req, res) => {
    const answers: Record<string, [number, string]> = {
      '/internal/projects/1': [404, '{}'],
      '/internal/projects/2': [200, JSON.stringify({ id: 2, is_locked: true })],
      '/internal/projects/3': [500, '{}'],
    };
    const [status, body] = answers[req.url ?? ''] ?? [200, JSON.stringify({ id: 4, is_locked: false })];
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => catalog.listen(0, '127.0.0.1', resolve));
  facts = httpProjectFacts(`http://127.0.0.1:${String((catalog.address() as AddressInfo).port)}`);
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    catalog.close(() => {
      resolve();
    });
  });
});

const answerOf = (error: unknown): unknown => isProblem(error) && { status: error.status, code: error.code, retryAfter: error.headers['Retry-After'] };
const refusal = (access: Promise<unknown>): Promise<unknown> => access.then(() => 'allowed', answerOf);

describe("the caller's project folder, from the catalog's facts", () => {
  it('is 404 for a project the catalog does not know for this caller', async () => {
    expect(await refusal(readableFolder(facts, 7, 1, 'principal'))).toEqual({ status: 404, code: 'not_found', retryAfter: undefined });
  });

  it('is readable but not writable while the project is locked (409)', async () => {
    expect(await readableFolder(facts, 7, 2, 'principal')).toEqual({ designerId: 7, projectId: 2 });
    expect(await refusal(writableFolder(facts, 7, 2, 'principal'))).toEqual({ status: 409, code: 'project_locked', retryAfter: undefined });
    expect(await writableFolder(facts, 7, 4, 'principal')).toEqual({ designerId: 7, projectId: 4 });
  });

  it('is 503 with a Retry-After when the catalog answers something else or cannot be reached', async () => {
    const unavailable = { status: 503, code: 'service_unavailable', retryAfter: '5' };
    expect(await refusal(writableFolder(facts, 7, 3, 'principal'))).toEqual(unavailable);
    expect(await refusal(readableFolder(httpProjectFacts('http://127.0.0.1:9'), 7, 4, 'principal'))).toEqual(unavailable);
  });
});
