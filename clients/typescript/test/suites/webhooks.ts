import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { eventually } from '@boardsync/kit/testing';
import { unwrap, verifyWebhook, WebhookVerificationError } from '@boardsync/client';
import type { RunningSystem } from '../../../../tests/support/running-system.ts';
import { clientFor } from './client-for.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function describeWebhooks(system: RunningSystem): void {
  describe('verifyWebhook, on a real delivery', () => {
    const received: Received[] = [];
    let receiver: Server;
    let receiverUrl: string;
    beforeAll(async () => {
      receiver = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          received.push({ headers: request.headers, body: Buffer.concat(chunks) });
          response.end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      receiverUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hooks/boardsync`;
    });
    afterAll(
      () =>
        new Promise<void>((resolve) =>
          receiver.close(() => {
            resolve();
          }),
        ),
    );

    it('returns the typed event of a delivery the webhook service signed, which standardwebhooks accepts too', async () => {
      const { client } = await clientFor(system);
      const registered = unwrap(await client.api.POST('/api/v1/webhooks', { body: { url: receiverUrl, events: ['components.changed'] } }));
      const project = unwrap(await client.api.POST('/api/v1/projects', { body: { name: 'Heard' } })).data.id;
      await client.writeComponents(project, { type: 'token', components: [{ name: 'Meeple' }] });
      const delivery = await eventually(() => received.find((one) => one.body.includes(`"project_id":${String(project)}`)), 30_000, 'the delivery');

      const event = await verifyWebhook(registered.secret, delivery.headers, delivery.body);
      expect(event.event).toBe('components.changed');
      if (event.event !== 'components.changed') throw new Error('narrowed above');
      expect(event.data).toMatchObject({ project_id: project, type: 'token', created: 1, components: [{ name: 'Meeple', type: 'token' }] });
      expect(event.id).toBe(delivery.headers['x-svc-delivery']);

      // A third-party receiver using the Standard Webhooks library alone.
      const standard = new Webhook(registered.secret).verify(delivery.body.toString(), delivery.headers as Record<string, string>);
      expect(standard).toEqual(JSON.parse(delivery.body.toString()));

      // Only the `X-SVC-Signature`, as a receiver behind a proxy that strips unknown headers would see it.
      const svcOnly = Object.fromEntries(Object.entries(delivery.headers).filter(([name]) => !name.startsWith('webhook-')));
      await expect(verifyWebhook(registered.secret, svcOnly, delivery.body)).resolves.toMatchObject({ id: event.id });

      const refusals: [string, Promise<unknown>][] = [
        ['a body changed by one byte', verifyWebhook(registered.secret, delivery.headers, Buffer.from(delivery.body.toString().replace('Meeple', 'Meeplf')))],
        ['another secret', verifyWebhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, delivery.headers, delivery.body)],
        ['a replay ten minutes later', verifyWebhook(registered.secret, delivery.headers, delivery.body, { now: Date.now() + 600_000 })],
        ['no signature at all', verifyWebhook(registered.secret, { 'content-type': 'application/json' }, delivery.body)],
        [
          'a valid X-SVC signature beside a forged standard one',
          verifyWebhook(registered.secret, { ...delivery.headers, 'webhook-signature': 'v1,AAAA' }, delivery.body),
        ],
      ];
      for (const [what, verdict] of refusals) {
        await expect(verdict.then(() => what)).rejects.toBeInstanceOf(WebhookVerificationError);
      }
    });
  });
}
