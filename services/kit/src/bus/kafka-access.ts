import kafkajs, { type KafkaConfig } from 'kafkajs';
import { withTimeout } from '../timeout.ts';

const { Kafka, logLevel } = kafkajs;

/** Node's codes for a certificate the client will not trust. */
const UNTRUSTED_CERTIFICATE = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

interface Cause {
  name?: string;
  code?: string;
  message?: string;
  cause?: unknown;
  originalError?: unknown;
}

/**
 * One connection to the cluster with no retries: why it refuses this service's settings for good
 * (the SASL credentials, the brokers' certificate), as one line naming the variable to fix; or
 * undefined when it accepted them, or could not be reached at all (a broker that is down comes
 * back: that is retried, never a configuration error).
 */
export async function kafkaAccessRefusal(config: KafkaConfig, timeoutMs = 10_000): Promise<string | undefined> {
  const admin = new Kafka({ ...config, retry: { retries: 0 }, logLevel: logLevel.NOTHING }).admin();
  try {
    // A timeout is no refusal: refusalOf finds nothing in it.
    await withTimeout(
      admin.connect().then(() => admin.describeCluster()),
      timeoutMs,
      `Kafka did not answer within ${String(timeoutMs)} ms`,
    );
    return undefined;
  } catch (error) {
    return refusalOf(error, config);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

function refusalOf(error: unknown, config: KafkaConfig): string | undefined {
  const seen = new Set<unknown>();
  for (let cause = error as Cause | undefined; cause && !seen.has(cause); cause = (cause.cause ?? cause.originalError) as Cause | undefined) {
    seen.add(cause);
    if (cause.name === 'KafkaJSSASLAuthenticationError') {
      const sasl = config.sasl as { mechanism?: string; username?: string } | undefined;
      return `Kafka refused the SASL credentials (${String(sasl?.mechanism)} as ${String(sasl?.username)}): check KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD and KAFKA_SASL_MECHANISM (${cause.message ?? ''})`;
    }
    if (cause.code !== undefined && UNTRUSTED_CERTIFICATE.has(cause.code)) {
      return `Kafka's certificate is not trusted (${cause.code}): set KAFKA_TLS_CA_FILE to the CA that signs the brokers, and check that KAFKA_BROKERS names them as their certificates do`;
    }
  }
  return undefined;
}
