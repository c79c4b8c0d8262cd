import { busFromConfig, kafkaEnv, postgresEnv } from './adapters.ts';
import type { KafkaBus } from './bus/kafka.ts';
import { TopicNames } from './bus/topic-names.ts';
import { ConfigError, env, loadConfigOrExit } from './config.ts';
import type { Entities, Migrations } from './db/database.ts';
import { createLogger } from './logger.ts';

/** What a service's entry point and its one-shot commands know about it. */
export interface ServiceDefinition {
  service: string;
  /** A service that owns a database has `migrate`. */
  entities?: Entities;
  migrations?: Migrations;
  /** A service with topics has `create-topics`: those it publishes to and those it consumes. */
  produces?: readonly string[];
  consumes?: readonly string[];
}

/**
 * Node's arguments that start a service from its folder, as the images' ENTRYPOINT does: tracing
 * registered before main.ts loads (telemetry/register.ts), then main.ts; its command follows.
 */
export const SERVICE_ENTRY = ['--import', '@boardsync/kit/telemetry/register', 'src/main.ts'] as const;

/** sysexits(3): the exit statuses of `node src/main.ts [command]`. */
export const COMMAND_EXIT = { ok: 0, failed: 1, usage: 64, config: 78 } as const;

/** Each command reads only what it needs: a migration Job needs no Kafka, a topic Job no database. */
const migrateEnv = postgresEnv.pick({ DATABASE_URL: true, DATABASE_POOL_MAX: true }).extend({ LOG_LEVEL: env.logLevel() });
const createTopicsEnv = kafkaEnv.omit({ KAFKA_CREATE_TOPICS: true }).extend({ LOG_LEVEL: env.logLevel() });

type CommandName = 'migrate' | 'create-topics';

export type ParsedCommand = { kind: 'serve' } | { kind: 'help' } | { kind: 'run'; command: CommandName } | { kind: 'usage'; problem: string };

function commandsOf(definition: ServiceDefinition): { name: CommandName; summary: string }[] {
  return [
    ...(definition.migrations && definition.entities
      ? [{ name: 'migrate' as const, summary: 'apply pending database migrations under the migration lock, then exit (DATABASE_URL)' }]
      : []),
    ...(topicsOf(definition).length > 0
      ? [
          {
            name: 'create-topics' as const,
            summary: `create the Kafka topics ${definition.service} publishes to and consumes when missing, then exit (KAFKA_BROKERS)`,
          },
        ]
      : []),
  ];
}

function topicsOf(definition: ServiceDefinition): string[] {
  return [...new Set([...(definition.produces ?? []), ...(definition.consumes ?? [])])];
}

export function commandUsage(definition: ServiceDefinition): string {
  const commands = commandsOf(definition);
  const width = Math.max(12, ...commands.map((command) => command.name.length)) + 2;
  return [
    `usage: node src/main.ts${commands.length > 0 ? ` [${commands.map((command) => command.name).join(' | ')}]` : ''}`,
    `  ${'(none)'.padEnd(width)}run the ${definition.service} service`,
    ...commands.map((command) => `  ${command.name.padEnd(width)}${command.summary}`),
  ].join('\n');
}

export function parseServiceCommand(definition: ServiceDefinition, argv: readonly string[]): ParsedCommand {
  const [name, ...rest] = argv;
  if (name === undefined) return { kind: 'serve' };
  if (name === 'help' || name === '--help' || name === '-h') return { kind: 'help' };
  const command = commandsOf(definition).find((candidate) => candidate.name === name);
  if (!command) return { kind: 'usage', problem: `unknown command ${JSON.stringify(name)}` };
  if (rest.length > 0) return { kind: 'usage', problem: `${command.name} takes no arguments (got ${rest.map((arg) => JSON.stringify(arg)).join(' ')})` };
  return { kind: 'run', command: command.name };
}

/**
 * The whole of a `main.ts`. Without an argument, `serve()` starts the service; a `ConfigError`
 * it throws (a pending migration with MIGRATE_ON_START=false) exits 78 with its message, as a bad
 * variable does. With one, the one-shot command runs and the process exits: 0 done, 1 failed,
 * 64 unknown command (with the usage), 78 its variables missing or malformed.
 */
export async function runServiceCommand(
  definition: ServiceDefinition,
  serve: () => Promise<void>,
  argv: readonly string[] = process.argv.slice(2),
  environment: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const parsed = parseServiceCommand(definition, argv);
  if (parsed.kind === 'serve') {
    try {
      await serve();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      process.stderr.write(`${error.message}\n`);
      process.exit(COMMAND_EXIT.config);
    }
    return;
  }
  if (parsed.kind === 'help') {
    process.stdout.write(`${commandUsage(definition)}\n`);
    process.exit(COMMAND_EXIT.ok);
  }
  if (parsed.kind === 'usage') {
    process.stderr.write(`${definition.service}: ${parsed.problem}\n${commandUsage(definition)}\n`);
    process.exit(COMMAND_EXIT.usage);
  }
  process.exit(parsed.command === 'migrate' ? await migrate(definition, environment) : await createTopics(definition, environment));
}

async function migrate(definition: ServiceDefinition, environment: NodeJS.ProcessEnv): Promise<number> {
  const config = loadConfigOrExit(migrateEnv, environment);
  const logger = createLogger({ service: definition.service, level: config.LOG_LEVEL }).child({ command: 'migrate' });
  try {
    // Imported here: a service without a database (the gateway) never loads the ORM.
    const { migrateDatabase } = await import('./db/database.ts');
    const { applied, known } = await migrateDatabase({
      url: config.DATABASE_URL,
      poolMax: config.DATABASE_POOL_MAX,
      entities: definition.entities ?? [],
      migrations: definition.migrations ?? [],
      logger,
    });
    if (applied.length > 0) logger.info({ migrations: applied }, `migrations applied: ${applied.join(', ')}`);
    else logger.info({ known }, `already current: all ${String(known)} migrations applied before`);
    return COMMAND_EXIT.ok;
  } catch (error) {
    logger.fatal({ err: error }, `migrate failed: ${messageOf(error)}`);
    return COMMAND_EXIT.failed;
  }
}

async function createTopics(definition: ServiceDefinition, environment: NodeJS.ProcessEnv): Promise<number> {
  const config = loadConfigOrExit(createTopicsEnv, environment);
  const logger = createLogger({ service: definition.service, level: config.LOG_LEVEL }).child({ command: 'create-topics' });
  const names = new TopicNames(config.KAFKA_NAMESPACE);
  let bus: KafkaBus | undefined;
  try {
    // This command is what makes topics where the servers do not (KAFKA_CREATE_TOPICS=false), so it always creates.
    bus = busFromConfig({ ...config, KAFKA_CREATE_TOPICS: true }, `${definition.service}-create-topics`, logger);
    // As a server does: credentials or a CA the cluster refuses are a configuration error (78), not a failure to retry.
    const refusal = await bus.accessRefusal();
    if (refusal !== undefined) throw new ConfigError(refusal);
    const { created, existing } = await bus.createMissingTopics(topicsOf(definition));
    logger.info(
      {
        created: created.map((topic) => names.outward(topic)),
        existing: existing.map((topic) => names.outward(topic)),
        partitions: config.KAFKA_TOPIC_PARTITIONS,
        replicationFactor: config.KAFKA_REPLICATION_FACTOR,
      },
      `topics ready: ${String(created.length)} created, ${String(existing.length)} already there`,
    );
    return COMMAND_EXIT.ok;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return COMMAND_EXIT.config;
    }
    logger.fatal({ err: error }, `create-topics failed: ${messageOf(error)}`);
    return COMMAND_EXIT.failed;
  } finally {
    await bus?.close().catch(() => undefined);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
