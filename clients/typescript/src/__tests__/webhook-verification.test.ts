import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
// The webhook service's own signing (pure domain code): what the client verifies is what the service sends.
import { newWebhookSecret } from '../../../../services/webhook/src/domain/secret.ts';
import { signedHeaders } from '../../../../services/webhook/src/domain/signature.ts';
import { WebhookVerificationError } from '../errors.ts';
import { verifyWebhook } from '../webhook-verification.ts';
import type { WebhookVector } from '../../../../scripts/contract/webhook-vectors.ts';

const NOW = 1_790_000_000_000;
const ID = '0b6e4d0e-8f3a-4c57-9f55-0d1c2b3a4f5e';
const BODY = JSON.stringify({ id: ID, event: 'project.updated', created_at: '2026-11-25T10:00:00.000Z', data: { project_id: 7, changed: ['name'] } });

function delivery(secret: string, timestamp = NOW / 1000, body = BODY): Record<string, string> {
  return Object.fromEntries(Object.entries(signedHeaders({ secret, deliveryId: ID, event: 'project.updated', timestamp, rawBody: body })));
}

describe('verifyWebhook', () => {
  it('accepts what the webhook service signs and returns the typed event', async () => {
    const secret = newWebhookSecret();
    const event = await verifyWebhook(secret, delivery(secret), BODY, { now: NOW });
    expect(event).toEqual(JSON.parse(BODY));
  });

  it('accepts what the standardwebhooks library signs, with headers in any case', async () => {
    const secret = newWebhookSecret();
    const signature = new Webhook(secret).sign(ID, new Date(NOW), BODY);
    const headers = new Headers({ 'Webhook-Id': ID, 'Webhook-Timestamp': String(NOW / 1000), 'Webhook-Signature': `v1,bm90LXRoaXMtb25l ${signature}` });
    await expect(verifyWebhook(secret, headers, new TextEncoder().encode(BODY), { now: NOW })).resolves.toMatchObject({ id: ID });
  });

  it.each([
    ['a timestamp six minutes old', (secret: string) => verifyWebhook(secret, delivery(secret, NOW / 1000 - 360), BODY, { now: NOW })],
    ['a timestamp six minutes ahead', (secret: string) => verifyWebhook(secret, delivery(secret, NOW / 1000 + 360), BODY, { now: NOW })],
    [
      'a body re-serialised with other spacing',
      (secret: string) => verifyWebhook(secret, delivery(secret), JSON.stringify(JSON.parse(BODY), null, 1), { now: NOW }),
    ],
    [
      'the signature of another delivery’s body',
      (secret: string) => verifyWebhook(secret, delivery(secret, NOW / 1000, BODY.replace('7', '8')), BODY, { now: NOW }),
    ],
    [
      'a body whose id is not the delivery id',
      (secret: string) => {
        const other = BODY.replace(ID, '11111111-1111-4111-8111-111111111111');
        return verifyWebhook(secret, delivery(secret, NOW / 1000, other), other, { now: NOW });
      },
    ],
    ['a malformed X-SVC-Signature', (secret: string) => verifyWebhook(secret, { ...delivery(secret), 'X-SVC-Signature': 'sha256=zz' }, BODY, { now: NOW })],
    [
      'a Standard signature without its id',
      (secret: string) => {
        const { 'webhook-id': _, ...rest } = delivery(secret);
        return verifyWebhook(secret, rest, BODY, { now: NOW });
      },
    ],
    [
      'an X-SVC-Event naming another event',
      (secret: string) => verifyWebhook(secret, { ...delivery(secret), 'X-SVC-Event': 'components.changed' }, BODY, { now: NOW }),
    ],
  ])('refuses %s', async (_, verify) => {
    await expect(verify(newWebhookSecret())).rejects.toBeInstanceOf(WebhookVerificationError);
  });

  it('honours a tolerance of the receiver’s choosing', async () => {
    const secret = newWebhookSecret();
    const old = delivery(secret, NOW / 1000 - 600);
    await expect(verifyWebhook(secret, old, BODY, { now: NOW, toleranceSeconds: 900 })).resolves.toMatchObject({ id: ID });
  });
});

const { vectors } = JSON.parse(readFileSync(new URL('../../../webhook-test-vectors.json', import.meta.url), 'utf8')) as { vectors: WebhookVector[] };

describe('the shared webhook test vectors (clients/webhook-test-vectors.json)', () => {
  it.each(vectors.map((vector): [string, WebhookVector] => [vector.name, vector]))('%s', async (_, vector) => {
    const verified = verifyWebhook(vector.secret, vector.headers, new TextEncoder().encode(vector.body), { now: vector.now * 1000 });
    if (vector.valid) await expect(verified).resolves.toMatchObject({ id: vector.id });
    else await expect(verified).rejects.toBeInstanceOf(WebhookVerificationError);
  });
});
