import type { ChildProcess } from 'node:child_process';
import { eventually, freePort, infra } from '@boardsync/kit/testing';
import { IMAGE_NODE_OPTIONS, startServiceProcess, type ServiceProcess } from '../../tests/support/service-process.ts';
import { SERVICES, standaloneEnv, type Service, type StandaloneWorld } from '../../tests/support/standalone-env.ts';

/** A service started alone from its main.ts, as deployed, on free ports. */
export interface StartedService {
  child: ChildProcess;
  /** Its public port (what the gateway would proxy to) and its internal one. */
  port: number;
  internalPort: number;
}

/** BENCH_CPU_PROF=<dir>: every service writes a V8 CPU profile there when it exits (open in Chrome DevTools); added to the image's V8 settings, never in their place. */
export const PROFILER_OPTIONS = process.env.BENCH_CPU_PROF ? ` --cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` : '';

/** What every service of one bench shares: the real Kafka under one namespace, one principal secret. */
export function sharedServiceEnv(namespace: string, principalSecret: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'warn',
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: namespace,
    INTERNAL_JWT_SECRET: principalSecret,
    ADMIN_TOKEN: 'bench-admin-'.padEnd(40, 'a'),
    ...(PROFILER_OPTIONS === '' ? {} : { NODE_OPTIONS: `${IMAGE_NODE_OPTIONS}${PROFILER_OPTIONS}` }),
  };
}

/** Starts `services/{service}/src/main.ts` with only `env` (nothing inherited chooses an adapter) and waits until it is healthy; its output is shown only if it never is. */
export async function startService(service: string, env: Record<string, string>): Promise<StartedService> {
  const [port, internalPort] = [await freePort(), await freePort()];
  const { child, output } = startServiceProcess(service, [], { ...env, PORT: String(port), INTERNAL_PORT: String(internalPort) });
  await eventually(
    async () => ((await fetch(`http://127.0.0.1:${String(port)}/healthz`).catch(() => undefined))?.ok ? true : undefined),
    60_000,
    `the ${service} service`,
  ).catch((error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}; its output:\n${output()}`);
  });
  return { child, port, internalPort };
}

/** SIGTERM to each, then waits until all have exited. */
export async function stopServices(services: readonly StartedService[]): Promise<void> {
  const exited = services.map(({ child }) => new Promise((resolve) => child.once('exit', resolve)));
  for (const { child } of services) child.kill('SIGTERM');
  await Promise.all(exited);
}

/**
 * All five services started alone from their main.ts on the world's listeners, each with `extraEnv`
 * on top of its standalone settings, put in `running` as they start (so the caller can stop them
 * whatever happens next), then waited for until each answers /readyz 200.
 */
export async function startEveryService(
  world: StandaloneWorld,
  extraEnv: (service: Service) => Record<string, string>,
  running: Map<Service, ServiceProcess>,
): Promise<void> {
  for (const service of SERVICES) running.set(service, startServiceProcess(service, [], { ...standaloneEnv(service, world), ...extraEnv(service) }));
  for (const service of SERVICES) {
    const { port } = world.listeners[service];
    await eventually(
      async () => ((await fetch(`http://127.0.0.1:${String(port)}/readyz`).catch(() => undefined))?.status === 200 ? true : undefined),
      90_000,
      `${service} to be ready; output so far:\n${running.get(service)?.output() ?? ''}`,
    );
  }
}
