import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
// Signed by the service's own code, so the sample is checked against what deliveries really carry.
import { deliveryBody } from '../../../services/webhook/src/domain/envelope.ts';
import { newWebhookSecret } from '../../../services/webhook/src/domain/secret.ts';
import { signedHeaders } from '../../../services/webhook/src/domain/signature.ts';
import { verifyWebhook, WebhookVerificationError, type VerifyWebhookInput, type WebhookVerificationReason } from '../webhook-receiver.ts';
import type { WebhookVector } from '../../../scripts/contract/webhook-vectors.ts';

const SECRET = newWebhookSecret();
const ID = '0f6b2c1e-8a4d-4c1b-9d51-3f0c2a7e9b10';
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const NOW_S = NOW / 1000;
const DATA = { project_id: 7, changed: ['name'] };
const BODY = deliveryBody({ deliveryId: ID, event: 'project.updated', createdAt: new Date(NOW - 5_000), data: DATA });
const ENVELOPE = { id: ID, event: 'project.updated', created_at: new Date(NOW - 5_000).toISOString(), data: DATA };

type Headers = VerifyWebhookInput['headers'];

const sent = (timestamp = NOW_S, rawBody: string = BODY, secret = SECRET): Record<string, string> => ({
  ...signedHeaders({ secret, deliveryId: ID, event: 'project.updated', timestamp, rawBody }),
});

const only = (headers: Record<string, string>, prefix: string): Headers =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase().startsWith(prefix)));

const verify = (headers: Headers, input: Partial<VerifyWebhookInput> = {}) => verifyWebhook({ secret: SECRET, rawBody: BODY, headers, now: NOW, ...input });

const reasonOf = (run: () => unknown): WebhookVerificationReason | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return undefined;
};

describe.each([
  ['X-SVC headers', 'x-svc-'],
  ['Standard Webhooks headers', 'webhook-'],
])('verifyWebhook with %s', (_name, prefix) => {
  const headersOf = (timestamp?: number, rawBody?: string, secret?: string): Headers => only(sent(timestamp, rawBody, secret), prefix);

  it('passes a genuine delivery and returns its envelope', () => {
    expect(verify(headersOf())).toEqual(ENVELOPE);
    expect(verify(headersOf(), { rawBody: Buffer.from(BODY) })).toEqual(ENVELOPE);
  });

  it('fails a tampered body', () => {
    expect(reasonOf(() => verify(headersOf(), { rawBody: BODY.replace('"name"', '"slug"') }))).toBe('signature_mismatch');
    expect(reasonOf(() => verify(headersOf(), { rawBody: `${BODY} ` }))).toBe('signature_mismatch');
  });

  it('fails another secret', () => {
    expect(reasonOf(() => verify(headersOf(), { secret: newWebhookSecret() }))).toBe('signature_mismatch');
  });

  it('fails a timestamp changed after signing', () => {
    const headers = { ...headersOf() };
    for (const name of Object.keys(headers)) if (name.toLowerCase().endsWith('timestamp')) headers[name] = String(NOW_S - 1);
    expect(reasonOf(() => verify(headers))).toBe('signature_mismatch');
  });

  it('passes a delivery signed 300 s ago, fails one of 301 s', () => {
    expect(verify(headersOf(NOW_S - 300))).toEqual(ENVELOPE);
    expect(reasonOf(() => verify(headersOf(NOW_S - 301)))).toBe('timestamp_too_old');
  });

  it('fails a timestamp in the future beyond the tolerance', () => {
    expect(verify(headersOf(NOW_S + 300))).toEqual(ENVELOPE);
    expect(reasonOf(() => verify(headersOf(NOW_S + 301)))).toBe('timestamp_too_new');
  });

  it('takes another tolerance', () => {
    expect(reasonOf(() => verify(headersOf(NOW_S - 61), { toleranceSeconds: 60 }))).toBe('timestamp_too_old');
  });

  it('fails a missing or malformed timestamp', () => {
    const headers = headersOf();
    const timestampName = Object.keys(headers).find((name) => name.toLowerCase().endsWith('timestamp')) ?? '';
    expect(reasonOf(() => verify({ ...headers, [timestampName]: undefined }))).toBe('missing_timestamp');
    expect(reasonOf(() => verify({ ...headers, [timestampName]: `${NOW_S}.5` }))).toBe('invalid_timestamp');
    expect(reasonOf(() => verify({ ...headers, [timestampName]: String(NOW) }))).toBe('timestamp_too_new');
  });

  it('reads headers in any letter case, and arrays of one value', () => {
    const upper = Object.fromEntries(Object.entries(headersOf()).map(([name, value]) => [name.toUpperCase(), value]));
    const lower = Object.fromEntries(Object.entries(headersOf()).map(([name, value]) => [name.toLowerCase(), typeof value === 'string' ? [value] : value]));
    expect(verify(upper)).toEqual(ENVELOPE);
    expect(verify(lower)).toEqual(ENVELOPE);
  });

  it('fails a delivery id header that is not the signed envelope id', () => {
    const headers = headersOf();
    const idName = Object.keys(headers).find((name) => /delivery|id$/i.test(name)) ?? '';
    const reason = reasonOf(() => verify({ ...headers, [idName]: 'b2f1c9a0-0000-4000-8000-000000000000' }));
    // The Standard signs its id, so a changed one is a signature failure; X-SVC-Delivery is checked against the body.
    expect(reason).toBe(prefix === 'webhook-' ? 'signature_mismatch' : 'delivery_id_mismatch');
  });
});

describe('verifyWebhook', () => {
  it('prefers X-SVC: a wrong X-SVC-Signature fails even beside a good Standard signature', () => {
    const headers = sent();
    expect(verify(headers)).toEqual(ENVELOPE);
    expect(reasonOf(() => verify({ ...headers, 'X-SVC-Signature': `sha256=${'0'.repeat(64)}` }))).toBe('signature_mismatch');
  });

  it('checks X-SVC with the whole secret string as the key', () => {
    const headers = only(sent(), 'x-svc-');
    const signedWithBase64Part = `sha256=${createHmac('sha256', SECRET.slice('whsec_'.length)).update(`${NOW_S}.${BODY}`).digest('hex')}`;
    expect(reasonOf(() => verify({ ...headers, 'X-SVC-Signature': signedWithBase64Part }))).toBe('signature_mismatch');
  });

  it('fails when no signature is present', () => {
    expect(reasonOf(() => verify({ 'X-SVC-Timestamp': String(NOW_S), 'webhook-timestamp': String(NOW_S) }))).toBe('missing_signature');
    expect(reasonOf(() => verify({ ...only(sent(), 'webhook-'), 'webhook-signature': 'v1a,abc' }))).toBe('missing_signature');
  });

  it('accepts a Standard signature list where one v1 entry matches (secret rotation)', () => {
    const headers = only(sent(), 'webhook-');
    const other = only(sent(NOW_S, BODY, newWebhookSecret()), 'webhook-');
    expect(verify({ ...headers, 'webhook-signature': `${String(other['webhook-signature'])} ${String(headers['webhook-signature'])}` })).toEqual(ENVELOPE);
  });

  it('fails a Standard delivery without webhook-id', () => {
    expect(reasonOf(() => verify({ ...only(sent(), 'webhook-'), 'webhook-id': undefined }))).toBe('missing_delivery_id');
  });

  it('fails a header given twice', () => {
    const headers = sent();
    expect(reasonOf(() => verify({ ...headers, 'X-SVC-Signature': [String(headers['X-SVC-Signature']), 'sha256=00'] }))).toBe('duplicate_header');
  });

  it('fails a signed body that is not an envelope', () => {
    const rawBody = '[1,2,3]';
    expect(reasonOf(() => verify(sent(NOW_S, rawBody), { rawBody }))).toBe('invalid_body');
  });

  it('is an Error with a message and a name', () => {
    expect(() => verify({})).toThrow(WebhookVerificationError);
    expect(() => verify({})).toThrow(expect.objectContaining({ name: 'WebhookVerificationError', message: 'the delivery carries no signature' }));
  });
});

const { vectors } = JSON.parse(readFileSync(new URL('../../../clients/webhook-test-vectors.json', import.meta.url), 'utf8')) as { vectors: WebhookVector[] };

describe('the shared webhook test vectors (clients/webhook-test-vectors.json)', () => {
  it.each(vectors.map((vector): [string, WebhookVector] => [vector.name, vector]))('%s', (_, vector) => {
    const verifying = (): unknown =>
      verifyWebhook({ secret: vector.secret, rawBody: Buffer.from(vector.body, 'utf8'), headers: vector.headers, now: vector.now * 1000 });
    if (vector.valid) expect(verifying()).toMatchObject({ id: vector.id });
    else expect(verifying).toThrow(WebhookVerificationError);
  });
});
