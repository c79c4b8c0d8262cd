import { describe, expect, it } from '@jest/globals';
import { kafkaEnv, postgresEnv } from '../adapters.ts';
import { parseConfig } from '../config.ts';
import { OutboxMigration } from '../outbox/outbox-migration.ts';
import { OutboxMessage } from '../outbox/outbox-message.ts';
import { commandUsage, parseServiceCommand, type ServiceDefinition } from '../service-commands.ts';

const owner: ServiceDefinition = { service: 'catalog', entities: [OutboxMessage], migrations: [OutboxMigration], produces: ['a', 'b'], consumes: ['c'] };
const consumerOnly: ServiceDefinition = { service: 'gateway', consumes: ['c'] };

describe('parseServiceCommand', () => {
  it('serves without an argument, and runs the commands the service has', () => {
    expect(parseServiceCommand(owner, [])).toEqual({ kind: 'serve' });
    expect(parseServiceCommand(owner, ['migrate'])).toEqual({ kind: 'run', command: 'migrate' });
    expect(parseServiceCommand(owner, ['create-topics'])).toEqual({ kind: 'run', command: 'create-topics' });
    for (const help of ['help', '--help', '-h']) expect(parseServiceCommand(owner, [help])).toEqual({ kind: 'help' });
  });

  it('refuses an unknown command, a command the service lacks, and extra arguments', () => {
    expect(parseServiceCommand(owner, ['migrations'])).toEqual({ kind: 'usage', problem: 'unknown command "migrations"' });
    expect(parseServiceCommand(consumerOnly, ['migrate'])).toEqual({ kind: 'usage', problem: 'unknown command "migrate"' });
    expect(parseServiceCommand(owner, ['migrate', '--force'])).toEqual({ kind: 'usage', problem: 'migrate takes no arguments (got "--force")' });
  });
});

describe('commandUsage', () => {
  it('lists the service’s own commands', () => {
    expect(commandUsage(owner).split('\n')[0]).toBe('usage: node src/main.ts [migrate | create-topics]');
    expect(commandUsage(consumerOnly).split('\n')[0]).toBe('usage: node src/main.ts [create-topics]');
    expect(commandUsage({ service: 'quiet' }).split('\n')).toEqual(['usage: node src/main.ts', '  (none)        run the quiet service']);
  });
});

describe('MIGRATE_ON_START and KAFKA_CREATE_TOPICS', () => {
  const required = { DATABASE_URL: 'postgres://db/x', KAFKA_BROKERS: 'k:9092' };

  it('default to true, so a service started as before migrates and creates its topics', () => {
    expect(parseConfig(postgresEnv, required).MIGRATE_ON_START).toBe(true);
    expect(parseConfig(kafkaEnv, required).KAFKA_CREATE_TOPICS).toBe(true);
    expect(parseConfig(postgresEnv, { ...required, MIGRATE_ON_START: 'false' }).MIGRATE_ON_START).toBe(false);
    expect(parseConfig(kafkaEnv, { ...required, KAFKA_CREATE_TOPICS: 'false' }).KAFKA_CREATE_TOPICS).toBe(false);
  });

  it('refuse anything but a boolean, naming the variable', () => {
    expect(() => parseConfig(postgresEnv, { ...required, MIGRATE_ON_START: 'never' })).toThrow(
      'invalid configuration: MIGRATE_ON_START: expected true or false (got "never")',
    );
    expect(() => parseConfig(kafkaEnv, { ...required, KAFKA_CREATE_TOPICS: 'False' })).toThrow(
      'invalid configuration: KAFKA_CREATE_TOPICS: expected true or false (got "False")',
    );
  });
});
