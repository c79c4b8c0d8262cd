import { describe, expect, it } from '@jest/globals';
import { InProcessBus } from '../bus/in-process.ts';
import { createServiceApps } from '../http/app.ts';
import { startService, type Worker } from '../service-parts.ts';
import { testLogger } from '../testing.ts';

const logger = testLogger('parts-test');
const config = { HOST: '127.0.0.1', PORT: 0, INTERNAL_HOST: '127.0.0.1', INTERNAL_PORT: 0 };

/** A worker that writes down when it starts and stops. */
function recordingWorker(name: string, journal: string[]): Worker {
  return {
    name,
    start: () => {
      journal.push(`${name} started`);
    },
    close: () => {
      journal.push(`${name} closed`);
      return Promise.resolve();
    },
  };
}

describe('startService', () => {
  it('starts the relay and workers, and closes in the one order: listeners, topics, consumers, workers, relay, bus, resources', async () => {
    const journal: string[] = [];
    const bus = new InProcessBus({ logger });
    const running = await startService({
      service: 'parts-test',
      config,
      logger,
      bus,
      ownsBus: true,
      consumes: ['parts-test.events'],
      relay: recordingWorker('relay', journal),
      parts: {
        apps: createServiceApps({ service: 'parts-test', logger }),
        consumers: [{ groupId: 'g', topics: ['parts-test.events'], handler: () => Promise.resolve() }],
        workers: [recordingWorker('worker', journal)],
        resources: [{ name: 'pool', close: () => Promise.resolve() }],
      },
    });
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    expect(journal).toEqual(['relay started', 'worker started']);
    expect(running.parts.map((part) => part.name)).toEqual([
      'parts-test http',
      'parts-test internal http',
      'parts-test topics',
      'parts-test consumers',
      'worker',
      'relay',
      'parts-test bus',
      'pool',
    ]);
    for (const part of running.parts) await part.close();
    expect(journal).toEqual(['relay started', 'worker started', 'worker closed', 'relay closed']);
  });

  it('leaves a shared bus to its owner', async () => {
    const bus = new InProcessBus({ logger });
    const running = await startService({
      service: 'shared',
      config,
      logger,
      bus,
      ownsBus: false,
      parts: { apps: createServiceApps({ service: 'shared', logger }) },
    });
    expect(running.parts.map((part) => part.name)).not.toContain('shared bus');
    for (const part of running.parts) await part.close();
    await bus.close();
  });

  it('refuses a consumer on a topic the service does not declare, before serving anything', async () => {
    const bus = new InProcessBus({ logger });
    await expect(
      startService({
        service: 'undeclared',
        config,
        logger,
        bus,
        ownsBus: true,
        consumes: [],
        parts: {
          apps: createServiceApps({ service: 'undeclared', logger }),
          consumers: [{ groupId: 'g', topics: ['other'], handler: () => Promise.resolve() }],
        },
      }),
    ).rejects.toThrow('undeclared consumes other without declaring it');
    await bus.close();
  });
});
