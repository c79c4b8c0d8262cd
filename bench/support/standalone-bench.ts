import { createTestDatabase, uniqueName } from '@boardsync/kit/testing';
import { freeListeners, standaloneEnv, type Service, type StandaloneWorld } from '../../tests/support/standalone-env.ts';
import { IMAGE_NODE_OPTIONS } from '../../tests/support/service-process.ts';
import { PROFILER_OPTIONS, startService, stopServices, type StartedService } from './services.ts';

/** Services a benchmark starts one by one from their main.ts, and what they share. */
export interface StandaloneBench {
  world: StandaloneWorld;
  /** Starts a service on ports of its own choosing and records them, so the services started after it find it. */
  startIn: (service: Service, extra?: Record<string, string>) => Promise<StartedService>;
  /** Stops every service started, then drops the databases. */
  close: () => Promise<void>;
}

/**
 * A world for auth and catalog (a database each, free listeners, the real Kafka under its own
 * namespace) whose services are killed if the benchmark exits before `close` (a benchmark that fails
 * leaves no service behind). BENCH_CPU_PROF=<dir>: each service writes a V8 CPU profile there when it exits.
 */
export async function standaloneBench(prefix: string, logLevel: string): Promise<StandaloneBench> {
  const databases = { auth: await createTestDatabase(`${prefix}_auth`), catalog: await createTestDatabase(`${prefix}_catalog`) };
  const world: StandaloneWorld = {
    namespace: uniqueName(prefix.replace(/_/g, '')),
    bucket: '',
    databaseUrls: { auth: databases.auth.url, catalog: databases.catalog.url },
    listeners: await freeListeners(),
  };
  const running: StartedService[] = [];
  process.on('exit', () => {
    for (const { child } of running) if (child.exitCode === null) child.kill('SIGKILL');
  });
  return {
    world,
    startIn: async (service, extra = {}) => {
      // The image's V8 settings (or the caller's in their place), and the profiler's on top: what is profiled is what runs.
      const nodeOptions = `${extra.NODE_OPTIONS ?? IMAGE_NODE_OPTIONS}${PROFILER_OPTIONS}`;
      const started = await startService(service, { ...standaloneEnv(service, world), LOG_LEVEL: logLevel, ...extra, NODE_OPTIONS: nodeOptions });
      running.push(started);
      world.listeners[service] = { port: started.port, internalPort: started.internalPort };
      return started;
    },
    close: async () => {
      await stopServices([...running].reverse());
      await databases.auth.drop();
      await databases.catalog.drop();
    },
  };
}
