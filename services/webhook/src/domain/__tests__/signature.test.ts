import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret } from '../secret.ts';
import { signedHeaders, signingKeys, standardSignature, svcSignature } from '../signature.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = '0f6b2c1e-8a4d-4c1b-9d51-3f0c2a7e9b10';
const TIMESTAMP = 1_767_225_600;
const BODY =
  '{"id":"0f6b2c1e-8a4d-4c1b-9d51-3f0c2a7e9b10","event":"project.updated","created_at":"2026-01-01T00:00:00.000Z","data":{"project_id":7,"changed":["name"]}}';

const hmac = (key: string | Buffer, text: string, encoding: 'hex' | 'base64'): string => createHmac('sha256', key).update(text).digest(encoding);

describe('svcSignature', () => {
  it('is sha256= and the hex HMAC of "{timestamp}.{body}" keyed with the whole secret string', () => {
    expect(svcSignature(SECRET, TIMESTAMP, BODY)).toBe(`sha256=${hmac(SECRET, `${TIMESTAMP}.${BODY}`, 'hex')}`);
  });

  it('is not keyed with the base64 part alone, nor with its decoded bytes', () => {
    const base64Part = SECRET.slice('whsec_'.length);
    const signature = svcSignature(SECRET, TIMESTAMP, BODY);
    expect(signature).not.toBe(`sha256=${hmac(base64Part, `${TIMESTAMP}.${BODY}`, 'hex')}`);
    expect(signature).not.toBe(`sha256=${hmac(Buffer.from(base64Part, 'base64'), `${TIMESTAMP}.${BODY}`, 'hex')}`);
  });

  it('signs the raw bytes: a Buffer gives the same value as its text, and one changed byte another', () => {
    expect(svcSignature(SECRET, TIMESTAMP, Buffer.from(BODY))).toBe(svcSignature(SECRET, TIMESTAMP, BODY));
    expect(svcSignature(SECRET, TIMESTAMP, BODY.replace('"name"', '"Name"'))).not.toBe(svcSignature(SECRET, TIMESTAMP, BODY));
    expect(svcSignature(SECRET, TIMESTAMP + 1, BODY)).not.toBe(svcSignature(SECRET, TIMESTAMP, BODY));
  });
});

describe('standardSignature', () => {
  it('is v1, and the base64 HMAC of "{id}.{timestamp}.{body}" keyed with the decoded secret', () => {
    const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
    expect(standardSignature(SECRET, ID, TIMESTAMP, BODY)).toBe(`v1,${hmac(key, `${ID}.${TIMESTAMP}.${BODY}`, 'base64')}`);
  });

  it('matches the standardwebhooks library signing the same message', () => {
    expect(standardSignature(SECRET, ID, TIMESTAMP, BODY)).toBe(new Webhook(SECRET).sign(ID, new Date(TIMESTAMP * 1000), BODY));
  });

  it('refuses a delivery id with a dot (it would blur the signed content)', () => {
    expect(() => standardSignature(SECRET, 'a.b', TIMESTAMP, BODY)).toThrow('may not contain');
  });
});

describe('signedHeaders', () => {
  const now = Math.floor(Date.now() / 1000);
  const secret = newWebhookSecret();
  const headers = signedHeaders({ secret, deliveryId: ID, event: 'project.updated', timestamp: now, rawBody: BODY });

  it('carries the X-SVC-* headers and the Standard Webhooks triple', () => {
    expect(headers).toEqual({
      'Content-Type': 'application/json',
      'User-Agent': 'boardsync-Webhook/1',
      'X-SVC-Event': 'project.updated',
      'X-SVC-Delivery': ID,
      'X-SVC-Timestamp': String(now),
      'X-SVC-Signature': `sha256=${hmac(secret, `${now}.${BODY}`, 'hex')}`,
      'webhook-id': ID,
      'webhook-timestamp': String(now),
      'webhook-signature': standardSignature(secret, ID, now, BODY),
    });
  });

  it('verifies with the standardwebhooks library', () => {
    expect(new Webhook(secret).verify(BODY, headers)).toEqual(JSON.parse(BODY));
  });

  it('signs the same with the secret made into signing keys once', () => {
    const input = { deliveryId: ID, event: 'project.updated', timestamp: now, rawBody: BODY };
    expect(signedHeaders({ ...input, secret: signingKeys(secret) })).toEqual(headers);
    expect(signedHeaders({ ...input, secret: signingKeys(newWebhookSecret()) })['X-SVC-Signature']).not.toBe(headers['X-SVC-Signature']);
    expect(() => signingKeys('whsec_not base64!')).toThrow('base64');
  });

  it('takes another product token ending in -Webhook/1, and no other', () => {
    const input = { secret, deliveryId: ID, event: 'webhook.ping', timestamp: now, rawBody: BODY };
    expect(signedHeaders({ ...input, userAgent: 'acme-Webhook/1' })['User-Agent']).toBe('acme-Webhook/1');
    expect(() => signedHeaders({ ...input, userAgent: 'boardsync/1' })).toThrow('must end in "-Webhook/1"');
  });
});
