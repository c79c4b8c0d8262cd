import { boolean, integer, object, string, stringMap, url, type JsonSchema } from './json-schema.ts';
import { globalValues } from './global-values.ts';
import { databaseValues, serviceValues } from './service-values.ts';

/**
 * The settings a service chart passes to its service as environment variables (`config`), by their
 * names in the service's README. Only the ones an operator tunes: the chart sets ports, hosts, peers,
 * Kafka and secrets itself, and development-only switches (SSRF_ALLOW_CIDRS, ASSET_FILES_DIR) are
 * deliberately not settable here: a team that means to set one says so in `<service>.extraEnv`.
 */
const positive = (description: string) => integer(description, { min: 1 });
const idempotencyTtlHours = integer('How long an Idempotency-Key answers with its first result (at least the 24 h the contract promises).', { min: 24 });

const gatewayConfig = {
  RATE_LIMIT_READS_PER_MINUTE: positive('Reads per designer + app per minute.'),
  RATE_LIMIT_WRITES_PER_MINUTE: positive('Writes per designer + app per minute.'),
  RATE_LIMIT_LOCAL_BATCH: integer(
    'Calls a replica admits before Redis counts them, far from the limit; N replicas may pass a limit by at most (N − 1) × 2 × this a minute; 0: every call asks Redis.',
    { min: 0, max: 100 },
  ),
  RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_MINUTE: positive('Failed authentications per client IP per minute.'),
  INTROSPECTION_CLIENT_ID: string('Client id at introspection (same as auth).', { minLength: 1 }),
  INTROSPECTION_CACHE_SECONDS: integer('Positive introspection cache.', { min: 0, max: 30 }),
  INTROSPECTION_NEGATIVE_CACHE_SECONDS: integer('Negative introspection cache.', { min: 0, max: 60 }),
  UPSTREAM_TIMEOUT_MS: integer('Headers and body idle timeout towards a service.', { min: 100 }),
  HELD_REQUEST_TIMEOUT_MS: integer(
    'The same for the routes that hold a request or stream (the changes feed: long-polls of up to 60 s, streams with a heartbeat every 15 s); above 60 s, and below your load balancer’s idle timeout.',
    { min: 61_000 },
  ),
  HELD_REQUEST_MAX_CONNECTIONS: integer(
    'Upstream connections per service for those routes (open streams and long-polls this replica holds), a pool apart from the 128 every other request uses.',
    { min: 1 },
  ),
  TRUSTED_PROXIES: string('Comma-separated addresses/CIDRs whose X-Forwarded-For and -Proto are believed: your load balancer or ingress controller.'),
  CORS_ALLOWED_ORIGINS: string(
    'Comma-separated origins (https://tool.example) whose pages may call the API and the OAuth token endpoints from a browser; empty: CORS off.',
  ),
};

const authConfig = {
  INTROSPECTION_CLIENT_ID: string('The one client allowed to introspect (same as the gateway).', { minLength: 1 }),
  DEFAULT_STORAGE_LIMIT_BYTES: integer('Storage plan of new designers.', { min: 0 }),
  MAX_APPS_PER_DESIGNER: positive('Apps one designer may register (default 25).'),
  DEFAULT_UNLOCKED_PROJECT_LIMIT: {
    type: ['integer', 'string'],
    pattern: '^(none|[0-9]+)$',
    minimum: 0,
    description: 'Unlocked projects of new designers; `none` = uncapped.',
  } satisfies JsonSchema,
};

const catalogConfig = {
  CHANGES_RETENTION: string('How long the changes feed keeps a change (`30d`, `12h`, `90m`); an older cursor is answered 410.', {
    pattern: '^[0-9]{1,6}[dhm]$',
  }),
  CHANGES_MAX_WAITING_PER_DESIGNER: positive('Long-polls and streams of changes one designer may hold at once per pod; beyond: 429.'),
  CHANGES_HEARTBEAT_MS: integer('A quiet changes stream sends a comment this often.', { min: 1_000, max: 15_000 }),
  CHANGES_STREAM_MAX_SECONDS: integer('A changes stream ends after this long and the client resumes, its token checked again.', { min: 5, max: 60 }),
  IDEMPOTENCY_TTL_HOURS: idempotencyTtlHours,
};

const assetConfig = {
  UPLOAD_MAX_BYTES: positive('Largest upload (50 MB: the public limit).'),
  SVG_MAX_BYTES: positive('Largest SVG (parsed whole to be sanitized).'),
  IMAGE_MAX_PIXELS: positive('Pixels per frame (decompression-bomb bound).'),
  IMAGE_MAX_FRAMES: positive('Frames per image.'),
  IMAGE_MAX_CONVERT_PIXELS: positive('Pixels, all frames together, an image may have to be converted.'),
  IMAGE_CONCURRENCY: positive('Images decoded or converted at once per pod.'),
  IMAGE_QUEUE_MAX: integer('Images waiting for the pool per pod; beyond: 503.', { min: 0 }),
  AVIF_EFFORT: integer('AVIF encoder effort.', { min: 0, max: 9 }),
  FETCH_TIMEOUT_MS: integer('from-url and internalizing, per image, whole transfer.', { min: 100 }),
  IDEMPOTENCY_TTL_HOURS: idempotencyTtlHours,
};

const webhookConfig = {
  WEBHOOK_RETRY_DELAYS: string('Waits between attempts, e.g. `10s,1m,5m` (ms, s, m, h).', { pattern: '^[0-9]+(ms|s|m|h)(,[0-9]+(ms|s|m|h))*$' }),
  WEBHOOK_TIMEOUT_MS: integer('A receiver answering later has failed the attempt.', { min: 100 }),
  WEBHOOK_MAX_PER_APP: positive('Webhooks per app per designer.'),
  WEBHOOK_MAX_PER_DESIGNER: positive('Webhooks per designer across all its apps (default 100).'),
  WEBHOOK_DEACTIVATE_AFTER: positive('Failed attempts in a row that deactivate a webhook.'),
  DELIVERY_CONCURRENCY: positive('Deliveries in flight per pod; keep below database.poolMax.'),
  DELIVERY_PER_ENDPOINT: positive(
    'Deliveries leased per webhook across all pods (being sent, claimed ahead, or being recorded): the most one receiver gets at once.',
  ),
  DELIVERY_PER_DESIGNER: positive(
    'Sends in flight per pod for one designer (default 8, half of DELIVERY_CONCURRENCY): a designer with slow receivers holds at most this many send slots.',
  ),
  DELIVERY_RETENTION_DAYS: positive('Days the delivery log is kept.'),
  IDEMPOTENCY_TTL_HOURS: idempotencyTtlHours,
  WEBHOOK_SECRET_BINDING: {
    type: 'string',
    enum: ['webhook', 'none'],
    description:
      '`webhook` (default): seal each signing secret bound to its webhook (v2) and refuse v1 and bare ones (bind them once: docs/operations.md §6). `none`: seal v1 and open all, only before rolling back to a release before 2026-11-28.',
  } satisfies JsonSchema,
};

const config = (service: string, properties: Record<string, JsonSchema>) =>
  object(`Service settings by their environment names (services/${service}/README.md).`, properties);

export interface ChartDefinition {
  name: string;
  values: JsonSchema;
}

export const serviceCharts: ChartDefinition[] = [
  {
    name: 'gateway',
    values: object('', {
      ...serviceValues(),
      ingress: object('An Ingress to the gateway (the only service ever exposed).', {
        enabled: boolean(''),
        className: string('IngressClass; empty: the cluster default.'),
        host: string('', { pattern: '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$' }),
        tlsSecretName: string('Existing TLS Secret for `host`; empty: no TLS section.'),
        annotations: { type: 'object', additionalProperties: { type: 'string' }, description: "The ingress controller's annotations." },
      }),
      config: config('gateway', gatewayConfig),
    }),
  },
  { name: 'auth', values: object('', { ...serviceValues(), ...databaseValues(), config: config('auth', authConfig) }) },
  { name: 'catalog', values: object('', { ...serviceValues(), ...databaseValues(), config: config('catalog', catalogConfig) }) },
  {
    name: 'asset',
    values: object('', {
      ...serviceValues(),
      ...databaseValues(),
      s3: object('The S3-compatible store artwork is kept in.', {
        endpoint: url('S3 endpoint URL.'),
        region: string('', { minLength: 1 }),
        bucket: string('', { pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$' }),
        pathStyle: boolean('Path-style addressing (MinIO); false: virtual-host style.'),
        credentialsSecret: string(
          "Existing Secret with S3_ACCESS_KEY and S3_SECRET_KEY. Empty: credentials come from the pod's identity (the web identity token IRSA mounts, with `serviceAccount.annotations`; instance metadata), renewed before they expire.",
          { pattern: '^([a-z0-9]([-a-z0-9.]*[a-z0-9])?)?$' },
        ),
      }),
      uvThreadpoolSize: integer("libuv threads (sharp's work runs there): at least IMAGE_CONCURRENCY + 2.", { min: 4, max: 1024 }),
      config: config('asset', assetConfig),
    }),
  },
  {
    name: 'webhook',
    values: object('', {
      ...serviceValues({
        autoscaling: {
          kafkaLag: object("Also scale on the fan-out consumer group's lag (an External metric).", {
            enabled: boolean(''),
            metricName: string('The external metric, e.g. from a Kafka exporter through a metrics adapter.', { minLength: 1 }),
            groupLabel: string("The metric's label naming the consumer group.", { minLength: 1 }),
            consumerGroup: string('The group, without the `global.prefix.` the service adds.', { minLength: 1 }),
            targetLagPerReplica: positive('Lag per replica above which the HPA adds one.'),
          }),
          deliveryBacklog: object(
            'Also scale on the age of the oldest due delivery no pod holds (an External metric): deliveries late for want of a send slot, which slow receivers cause without costing CPU.',
            {
              enabled: boolean(''),
              metricName: string('The external metric: `boardsync_webhook_delivery_oldest_due_seconds` through a metrics adapter (max over the pods).', {
                minLength: 1,
              }),
              selector: {
                type: 'object',
                additionalProperties: { type: 'string' },
                description: "Labels that pick this release's series (e.g. `namespace`, `job`), if the adapter needs them.",
              },
              targetSeconds: positive('Seconds of delay above which the HPA adds pods, in proportion.'),
            },
          ),
          sendSlots: object("Also scale on each pod's send slots in use (a Pods metric).", {
            enabled: boolean(''),
            metricName: string('The pods metric: `boardsync_webhook_send_slots_busy_ratio` through a metrics adapter.', { minLength: 1 }),
            targetRatio: string('Average share of the slots in use above which the HPA adds pods, e.g. `"0.8"`.', { pattern: '^(0(\\.[0-9]+)?|1(\\.0+)?)$' }),
          }),
        },
      }),
      ...databaseValues(),
      config: config('webhook', webhookConfig),
    }),
  },
];

/** The umbrella chart's own objects: the release's alerts and dashboard (charts/boardsync/monitoring/). */
export const monitoringValues: JsonSchema = object("Alerts and a dashboard for the whole release (the umbrella chart's own).", {
  prometheusRule: object(
    'A PrometheusRule with the alerts of docs/operations.md §4 (needs the ServiceMonitors; readiness flapping and crash loops also kube-state-metrics).',
    {
      enabled: boolean(''),
      labels: stringMap('Labels your Prometheus selects PrometheusRules by.'),
      alertLabels: stringMap("Labels added to every alert (a rule's own win)."),
      runbookBaseUrl: url("Each alert's runbook_url: this, `#`, and the alert's name in lower case."),
    },
  ),
  grafanaDashboard: object("A ConfigMap holding the Grafana dashboard, for Grafana's dashboard sidecar.", {
    enabled: boolean(''),
    labels: stringMap('Labels the sidecar finds dashboards by.'),
    annotations: stringMap('Annotations for the sidecar (e.g. its folder).'),
  }),
});

/** The umbrella chart: `global`, typed here once, its own `monitoring`, and each service's values under its name. */
export const umbrellaChart: ChartDefinition = {
  name: 'boardsync',
  values: object('', {
    global: globalValues,
    monitoring: monitoringValues,
    ...Object.fromEntries(serviceCharts.map((chart) => [chart.name, chart.values])),
  }),
};
