import type { KafkaConfig, SASLOptions } from 'kafkajs';
import { z } from 'zod';
import { ConfigError, env } from '../config.ts';

const MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;

/**
 * How a service reaches a Kafka it does not run: TLS, verifying the brokers against a given CA
 * (else the system's), with a client certificate where the cluster asks for one; SASL PLAIN or
 * SCRAM-SHA-256/512. Secrets by value or by file (a mounted Secret).
 */
export const kafkaSecurityEnv = z.object({
  /** Connect over TLS; implied by any KAFKA_TLS_*_FILE. */
  KAFKA_TLS: env.boolean(false),
  /** The CA bundle (PEM) that signs the brokers' certificates; unset: the system's CAs. */
  KAFKA_TLS_CA_FILE: env.optionalFile(),
  /** A client certificate (PEM) and its key, for clusters that authenticate clients by certificate. */
  KAFKA_TLS_CERT_FILE: env.optionalFile(),
  KAFKA_TLS_KEY_FILE: env.optionalFile(),
  /** Empty: no SASL. */
  KAFKA_SASL_MECHANISM: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(['', ...MECHANISMS], { error: `must be one of ${MECHANISMS.join(', ')} (or empty for none)` }).default(''),
  ),
  KAFKA_SASL_USERNAME: z.string().default(''),
  KAFKA_SASL_PASSWORD: z.string().default(''),
  /** The password from a file (a mounted Secret), instead of KAFKA_SASL_PASSWORD. */
  KAFKA_SASL_PASSWORD_FILE: env.optionalFile(),
  /** SASL PLAIN without TLS sends the password as it is: refused unless this says the network is trusted. */
  KAFKA_SASL_ALLOW_PLAINTEXT: env.boolean(false),
});

export type KafkaSecurityEnv = z.infer<typeof kafkaSecurityEnv>;

/** What kafkajs is given, and a description for the logs that names no secret. */
export interface KafkaSecurity {
  ssl?: KafkaConfig['ssl'];
  sasl?: SASLOptions;
  describe: string;
}

/**
 * The TLS and SASL options of the settings, or a ConfigError naming what does not fit together
 * (a mechanism without a user or password, a certificate without its key, SASL PLAIN without TLS
 * unless KAFKA_SASL_ALLOW_PLAINTEXT; SCRAM never sends the password, so it may go without).
 */
export function kafkaSecurity(config: KafkaSecurityEnv): KafkaSecurity {
  const problems: string[] = [];
  const problem = (variable: string, message: string) => problems.push(`invalid configuration: ${variable}: ${message}`);
  const { KAFKA_TLS_CA_FILE: ca, KAFKA_TLS_CERT_FILE: cert, KAFKA_TLS_KEY_FILE: key } = config;
  if ((cert === undefined) !== (key === undefined))
    problem(cert === undefined ? 'KAFKA_TLS_CERT_FILE' : 'KAFKA_TLS_KEY_FILE', 'a client certificate needs both its certificate and its key');
  const tls = config.KAFKA_TLS || ca !== undefined || cert !== undefined;
  const mechanism = config.KAFKA_SASL_MECHANISM;
  const password = config.KAFKA_SASL_PASSWORD_FILE?.trimEnd() ?? config.KAFKA_SASL_PASSWORD;
  if (mechanism === 'plain' && !tls && !config.KAFKA_SASL_ALLOW_PLAINTEXT)
    problem(
      'KAFKA_SASL_MECHANISM',
      'plain over a plaintext connection sends the password in clear: set KAFKA_TLS=true, use scram-sha-256 or scram-sha-512, or set KAFKA_SASL_ALLOW_PLAINTEXT=true',
    );
  if (mechanism !== '') {
    if (config.KAFKA_SASL_USERNAME === '') problem('KAFKA_SASL_USERNAME', `is required with KAFKA_SASL_MECHANISM=${mechanism}`);
    if (password === '') problem('KAFKA_SASL_PASSWORD', `is required with KAFKA_SASL_MECHANISM=${mechanism} (or KAFKA_SASL_PASSWORD_FILE)`);
    if (config.KAFKA_SASL_PASSWORD !== '' && config.KAFKA_SASL_PASSWORD_FILE !== undefined)
      problem('KAFKA_SASL_PASSWORD_FILE', 'set it or KAFKA_SASL_PASSWORD, not both');
  }
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));

  const ssl = tls ? { rejectUnauthorized: true, ...(ca ? { ca: [ca] } : {}), ...(cert && key ? { cert, key } : {}) } : undefined;
  const sasl = mechanism === '' ? undefined : ({ mechanism, username: config.KAFKA_SASL_USERNAME, password } as SASLOptions);
  const describe = [
    tls ? `TLS (${ca ? 'the given CA' : 'the system CAs'}${cert ? ', a client certificate' : ''})` : 'plaintext',
    sasl ? `SASL ${mechanism.toUpperCase()} as ${config.KAFKA_SASL_USERNAME}` : 'no SASL',
  ].join(', ');
  return { ...(ssl ? { ssl } : {}), ...(sasl ? { sasl } : {}), describe };
}
