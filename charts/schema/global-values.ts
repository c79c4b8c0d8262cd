import { boolean, integer, list, object, oneOf, string, stringMap, url, type JsonSchema } from './json-schema.ts';
import { envVar, podLabels, volume, volumeMount } from './service-values.ts';

/** Letters, digits, dots, dashes, underscores: what KAFKA_NAMESPACE and REDIS_KEY_PREFIX accept. */
const prefixPattern = '^[A-Za-z0-9._-]*$';
const secretName = (description: string) => string(description, { pattern: '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$' });
const secretKey = (description: string) => string(description, { pattern: '^[-._a-zA-Z0-9]+$' });

/** `global`: set once in the umbrella chart, read by every service chart. */
export const globalValues: JsonSchema = object('Settings every service reads.', {
  image: object('Where the images come from.', {
    registry: string('Registry host prefixed to every image; empty: none.'),
    repository: string('Images are `<registry>/<repository>/<service>:<tag>`.', { minLength: 1 }),
    tag: string("Image tag; empty: the chart's appVersion."),
    pullPolicy: oneOf('', ['Always', 'IfNotPresent', 'Never']),
  }),
  imagePullSecrets: list('Existing image pull Secrets.', object('', { name: secretName('') }, ['name'])),
  instance: string('Names and labels every object `<instance>-<service>`; empty: the release name.', { pattern: '^([a-z]([-a-z0-9]*[a-z0-9])?)?$' }),
  prefix: string('Kafka topic/consumer-group prefix and Redis key prefix of this deployment.', { pattern: prefixPattern }),
  publicBaseUrl: url("The gateway's public origin."),
  assetPublicUrl: url('What stored artwork URLs start with.'),
  logLevel: oneOf('', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  sharedSecret: secretName('Existing Secret: INTERNAL_JWT_SECRET, ADMIN_TOKEN, INTROSPECTION_CLIENT_SECRET, SESSION_SECRET, WEBHOOK_SECRET_KEYS.'),
  kafka: object('', {
    brokers: string('Bootstrap brokers, comma-separated host:port.', { pattern: '^[^\\s,]+:[0-9]+(,[^\\s,]+:[0-9]+)*$' }),
    topicPartitions: integer('Partitions of created topics.', { min: 1, max: 1000 }),
    replicationFactor: integer('Replication factor of created topics.', { min: 1, max: 10 }),
    tls: object('TLS to the brokers (KAFKA_TLS), as managed clusters ask; the brokers are always verified.', {
      enabled: boolean('Connect over TLS; implied by either Secret below.'),
      caSecret: object('Existing Secret with the PEM CA bundle that signs the brokers (KAFKA_TLS_CA_FILE); empty name: the system CAs.', {
        name: string('Its name; empty: none.', { pattern: '^([a-z0-9]([-a-z0-9.]*[a-z0-9])?)?$' }),
        key: secretKey('The key holding the bundle.'),
      }),
      clientCertSecret: object(
        'Existing Secret with a client certificate and its key, for listeners that authenticate clients by certificate; empty name: none.',
        {
          name: string('Its name; empty: none.', { pattern: '^([a-z0-9]([-a-z0-9.]*[a-z0-9])?)?$' }),
          certKey: secretKey('The key holding the PEM certificate.'),
          keyKey: secretKey('The key holding the PEM private key.'),
        },
      ),
    }),
    sasl: object('SASL authentication (KAFKA_SASL_*); off while `mechanism` is empty.', {
      mechanism: oneOf('KAFKA_SASL_MECHANISM.', ['', 'plain', 'scram-sha-256', 'scram-sha-512']),
      username: string('KAFKA_SASL_USERNAME.', { pattern: '^\\S*$' }),
      passwordSecret: object('Existing Secret holding the password, mounted as a file (KAFKA_SASL_PASSWORD_FILE).', {
        name: string('Its name; required with a mechanism.', { pattern: '^([a-z0-9]([-a-z0-9.]*[a-z0-9])?)?$' }),
        key: secretKey('The key holding the password.'),
      }),
      allowPlaintext: boolean(
        'KAFKA_SASL_ALLOW_PLAINTEXT: allow `plain` without TLS, which sends the password in clear (refused otherwise, when rendering and at start); SCRAM needs no such switch.',
      ),
    }),
  }),
  redis: object('', {
    secretName: secretName('Existing Secret holding the Redis URL.'),
    secretKey: secretKey('Its key.'),
  }),
  networkPolicy: object('', {
    enabled: boolean('A NetworkPolicy per service.'),
    dnsTo: list('NetworkPolicyPeers where the cluster DNS answers (replaced whole when set).'),
    datastoreEgress: list('NetworkPolicyEgressRules to Postgres, Kafka, Redis and S3.'),
    metricsFrom: list('NetworkPolicyPeers that may scrape the metrics port (never the internal one).'),
  }),
  tracing: object('OpenTelemetry traces (docs/operations.md "Traces: follow one change"); off while `otlpEndpoint` is empty.', {
    otlpEndpoint: string(
      'OTLP/HTTP endpoint of your collector, e.g. `http://otel-collector.monitoring:4318` (OTEL_EXPORTER_OTLP_ENDPOINT); empty: no tracing.',
      {
        pattern: '^(https?://[^\\s/]+(/\\S*)?)?$',
      },
    ),
    sampler: oneOf('OTEL_TRACES_SAMPLER: which traces are kept, decided at the gateway and followed downstream by the `parentbased_*` ones.', [
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
      'always_on',
      'always_off',
      'traceidratio',
    ]),
    samplerArg: string('OTEL_TRACES_SAMPLER_ARG, e.g. `0.1` for a tenth of the traces with a `traceidratio` sampler; empty: none.', {
      pattern: '^([01](\\.[0-9]+)?)?$',
    }),
    egressTo: list('NetworkPolicyEgressRules to the collector, added to every pod while tracing is on (replaced whole when set).'),
  }),
  serviceMonitor: object('', {
    enabled: boolean('A Prometheus Operator ServiceMonitor per service.'),
    interval: string('Scrape interval.', { pattern: '^[0-9]+(ms|s|m|h)$' }),
    labels: stringMap('Labels your Prometheus selects ServiceMonitors by.'),
  }),
  podSecurity: object('', { uid: integer("The images' non-root user and group.", { min: 1 }) }),
  caBundle: object('A PEM CA bundle every process trusts beside the system CAs (NODE_EXTRA_CA_CERTS), from an existing ConfigMap or Secret.', {
    configMapName: string('The ConfigMap; empty: none.', { pattern: '^([a-z0-9]([-a-z0-9.]*[a-z0-9])?)?$' }),
    secretName: string('Or the Secret; empty: none.', { pattern: '^([a-z0-9]([-a-z0-9.]*[a-z0-9])?)?$' }),
    key: secretKey('The key holding the bundle.'),
  }),
  extraEnv: list('EnvVar objects added to every service after the chart’s own.', envVar),
  extraEnvFrom: list('EnvFromSource objects added to every service after its ConfigMap.', { type: 'object' }),
  extraVolumes: list('Volumes added to every pod, servers and migration Jobs.', volume),
  extraVolumeMounts: list('Mounts of those volumes into every service container.', volumeMount),
  podAnnotations: stringMap('Annotations on every server pod (a service’s own win).'),
  podLabels,
  serviceAccount: object('', { annotations: stringMap('Annotations on every ServiceAccount (IRSA, Workload Identity); a service’s own win.') }),
  reloader: object('', { enabled: boolean('Annotate each Deployment for stakater/Reloader with the Secrets it reads, so a rotated Secret rolls its pods.') }),
});
