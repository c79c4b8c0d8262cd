import { expect } from '@jest/globals';
import { send as sendTo, type Answer, type ProblemBody, type WebhookView } from './webhook-api.ts';
import type { Caller, WebhookWorld } from './world.ts';

/** A webhook as registration answers it: the listed fields, its creation time, and the secret (shown once). */
export interface Webhook extends WebhookView {
  created_at: string;
  secret?: string;
}

/** What the test world exempts from the outbound rules (its SSRF_ALLOW_CIDRS): a loopback receiver for the delivery suites. */
export const WORLD_ALLOWED_CIDRS = ['127.0.0.1/32'];
/** A public address, never connected to: registration only checks a URL. */
export const PUBLIC = 'https://93.184.215.14';
export const SECRET = /^whsec_[A-Za-z0-9+/]+=*$/;
export const LIMIT = 10;

/** The registration suites' calls: a fresh caller (of an app if given), register, list and delete through the API. */
export function registrationHelpers(world: WebhookWorld) {
  const someone = (source?: string): Caller => ({ designerId: world.designer(), ...(source === undefined ? {} : { source }) });
  const send = <T>(caller: Caller, method: string, path: string, body?: unknown): Promise<Answer<T>> => sendTo<T>(world, caller, method, path, body);
  const register = (caller: Caller, body: unknown) => send<Webhook & ProblemBody>(caller, 'POST', '/api/v1/webhooks', body);
  const registered = async (caller: Caller, url = `${PUBLIC}/hooks`, events = ['components.changed']): Promise<Webhook> => {
    const answer = await register(caller, { url, events });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const list = async (caller: Caller): Promise<Webhook[]> => {
    const answer = await send<{ data: Webhook[] }>(caller, 'GET', '/api/v1/webhooks');
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const remove = (caller: Caller, id: number | string) => send<{ deleted: boolean } & ProblemBody>(caller, 'DELETE', `/api/v1/webhooks/${String(id)}`);
  const withoutSecret = (webhook: Webhook): Webhook =>
    Object.fromEntries(Object.entries(webhook).filter(([field]) => field !== 'secret')) as unknown as Webhook;
  return { someone, send, register, registered, list, remove, withoutSecret };
}
