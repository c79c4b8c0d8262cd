import type { ChildProcess } from 'node:child_process';
import { eventually, freePort, infra } from '@boardsync/kit/testing';
import { startServiceProcess } from '../../tests/support/service-process.ts';

/** A service started alone from its main.ts, as deployed, on free ports. */
export interface StartedService {
  child: ChildProcess;
  /** Its public port (what the gateway would proxy to) and its internal one. */
  port: number;
  internalPort: number;
}

/** What every service of one bench shares: the real Kafka under one namespace, one principal secret. */
export function sharedServiceEnv(namespace: string, principalSecret: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'warn',
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: namespace,
    INTERNAL_JWT_SECRET: principalSecret,
    ADMIN_TOKEN: 'bench-admin-'.padEnd(40, 'a'),
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
