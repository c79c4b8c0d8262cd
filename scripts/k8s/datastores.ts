/**
 * The release's share of the host's datastores (scripts/infra), made fresh for every new node: one
 * database per service, no Kafka topics left from the last node (their offsets would belong to
 * databases that no longer exist).
 */
import kafkajs from 'kafkajs';
import pg from 'pg';
import { DATABASE_SERVICES, type Service } from '../cluster/service-env.ts';

/** Drops and creates `<prefix>_<service>` for each service with a database; returns the URLs pods dial (`host` in place of loopback). */
export async function dropAndCreateDatabases(serverUrl: string, prefix: string, host: string): Promise<Partial<Record<Service, string>>> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const urls: Partial<Record<Service, string>> = {};
  try {
    for (const service of DATABASE_SERVICES) {
      // prefix is a constant of scripts/k8s/kube.ts (letters only), so quoting is enough.
      const database = `${prefix}_${service}`;
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${database}"`);
      const url = new URL(serverUrl);
      url.hostname = host;
      url.pathname = `/${database}`;
      urls[service] = url.href;
    }
  } finally {
    await client.end();
  }
  return urls;
}

function unlessOnlyGroupsGone(error: unknown): void {
  const failures = (error as { groups?: { error?: { type?: string } }[] }).groups ?? [];
  if (failures.length === 0 || failures.some((group) => group.error?.type !== 'GROUP_ID_NOT_FOUND')) throw error;
}

/** Deletes every topic under `<prefix>.` (the services' topics and their retry and dead-letter topics). */
export async function deleteTopics(brokers: string, prefix: string): Promise<void> {
  const kafka = new kafkajs.Kafka({ clientId: 'k8s-release', brokers: brokers.split(','), logLevel: kafkajs.logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(`${prefix}.`));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
    const groups = (await admin.listGroups()).groups.map((group) => group.groupId).filter((id) => id.startsWith(`${prefix}.`));
    // A group the broker still lists may be gone by the time it is deleted (its last member left, its topics went).
    if (groups.length > 0) await admin.deleteGroups(groups).catch(unlessOnlyGroupsGone);
  } finally {
    await admin.disconnect();
  }
}
