import { expect } from '@jest/globals';
import type { Caller, WebhookWorld } from './world.ts';

export interface Answer<T> {
  status: number;
  body: T;
}

/** A webhook as the API lists it. */
export interface WebhookView {
  id: number;
  url: string;
  events: string[];
  is_active: boolean;
  last_delivered_at: string | null;
  last_status: number | null;
  consecutive_failures: number;
}

export interface ProblemBody {
  status: number;
  code: string;
  detail: string;
  reason?: string;
  limit?: number;
  scope?: string;
  errors?: Record<string, string[]>;
}

/** One call to the service's public API, its JSON body read. */
export async function send<T>(world: WebhookWorld, caller: Caller, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const response = await world.call(caller, method, path, body);
  return { status: response.status, body: (await response.json()) as T };
}

export function expectProblem(answer: Answer<ProblemBody>, status: number, code: string): void {
  expect([answer.status, answer.body.code]).toEqual([status, code]);
}

/** The webhook's database rows, read as they are (the suites check what the API does not show). */
export const sqlOf =
  (world: WebhookWorld) =>
  <T>(query: string, params: unknown[] = []): Promise<T[]> =>
    world.service.orm.em.fork().execute<T[]>(query, params);
