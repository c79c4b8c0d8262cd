import { boolean, freeObject, integer, list, object, oneOf, quantity, string, stringMap, type JsonSchema } from './json-schema.ts';

const amounts = (description: string, required: string[]) =>
  object(description, { cpu: quantity(''), memory: quantity(''), 'ephemeral-storage': quantity('Disk, /tmp included.') }, required);

/** Requests are required (the scheduler and the HPA's utilization need them); a memory limit too, a CPU limit is the operator's choice. */
const resources = (description: string) =>
  object(description, { requests: amounts('', ['cpu', 'memory']), limits: amounts('', ['memory']) }, ['requests', 'limits']);

const autoscaling = (extra: Record<string, JsonSchema>) =>
  object('A HorizontalPodAutoscaler on CPU (replaces replicaCount).', {
    enabled: boolean(''),
    minReplicas: integer('', { min: 1 }),
    maxReplicas: integer('', { min: 1 }),
    targetCPUUtilizationPercentage: integer('Average CPU, as a percentage of the request, the HPA keeps pods at.', { min: 1, max: 100 }),
    scaleDownStabilizationSeconds: integer('Seconds of lower recommendations the HPA waits for before it removes pods (the highest of the window wins).', {
      min: 0,
      max: 3600,
    }),
    ...extra,
  });

/** A Kubernetes Volume and VolumeMount, as far as the chart relies on them: each named, each mount somewhere. */
export const volume: JsonSchema = { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' } } };
export const volumeMount: JsonSchema = {
  type: 'object',
  required: ['name', 'mountPath'],
  properties: { name: { type: 'string' }, mountPath: { type: 'string', pattern: '^/' } },
};
export const envVar: JsonSchema = { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' } } };
export const podLabels: JsonSchema = {
  type: 'object',
  additionalProperties: { type: 'string' },
  propertyNames: { not: { pattern: '^app\\.kubernetes\\.io/' } },
  description: 'Extra pod labels; not app.kubernetes.io/*, which select the pods.',
};

/** What every service chart takes, whatever the service. */
export function serviceValues(options: { autoscaling?: Record<string, JsonSchema> } = {}): Record<string, JsonSchema> {
  return {
    global: freeObject('See the umbrella chart (charts/boardsync): typed there.'),
    enabled: boolean('Install this service (umbrella chart only).'),
    // Helm gives every dependency a values scope, the library chart too; it holds nothing.
    'boardsync-common': freeObject(''),
    replicaCount: integer('Pods when autoscaling is off.', { min: 0 }),
    image: object('', {
      repository: string('Overrides `<global.image.repository>/<service>`.'),
      tag: string('Overrides `global.image.tag`.'),
      digest: string('Pins the image by digest (`sha256:…`), which wins over any tag: what a production release should set.', {
        pattern: '^(sha256:[a-f0-9]{64})?$',
      }),
    }),
    resources: resources('Requests and limits of the service container.'),
    autoscaling: autoscaling(options.autoscaling ?? {}),
    podDisruptionBudget: object('', {
      enabled: boolean(''),
      maxUnavailable: {
        type: ['integer', 'string'],
        pattern: '^[1-9][0-9]*%$',
        minimum: 1,
        description: 'Pods (or a percentage) a voluntary disruption may take at once; at least one, so a node drain never blocks.',
      },
    }),
    topologySpread: object('Spread over zones and nodes.', {
      maxSkew: integer('', { min: 1 }),
      whenUnsatisfiable: oneOf('', ['ScheduleAnyway', 'DoNotSchedule']),
    }),
    tmpSizeLimit: quantity('Size of the writable /tmp (emptyDir).'),
    terminationGracePeriodSeconds: integer('', { min: 1 }),
    preStopSleepSeconds: integer('Seconds a stopping pod keeps serving while endpoints drop it.', { min: 1, max: 60 }),
    podAnnotations: stringMap(''),
    extraEnv: list(
      "Environment variables (Kubernetes EnvVar objects: name with value or valueFrom) added to the service container after the chart's own; they win over the ConfigMap's. For what `config` leaves out on purpose, e.g. `NODE_EXTRA_CA_CERTS`, or `SSRF_ALLOW_CIDRS` where receivers or artwork live on a private network you trust.",
      envVar,
    ),
    extraEnvFrom: list('EnvFromSource objects (whole ConfigMaps or Secrets) after the chart’s ConfigMap.', { type: 'object' }),
    extraVolumes: list('Volumes (Kubernetes Volume objects) added to this service’s pods.', volume),
    extraVolumeMounts: list('VolumeMounts of those volumes into the service container.', volumeMount),
    serviceAccount: object('', { annotations: stringMap('Annotations on this service’s ServiceAccount (IRSA, Workload Identity).') }),
    podLabels,
    nodeSelector: stringMap(''),
    tolerations: list(''),
    affinity: freeObject(''),
  };
}

/** What the services that own a database add: its Secret, pool, and the migration Job. */
export function databaseValues(): Record<string, JsonSchema> {
  return {
    database: object('', {
      secretName: string("Existing Secret holding this service's Postgres URL.", { pattern: '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$' }),
      migrationSecretName: string(
        'Existing Secret (same key) for the migration Job only, e.g. a role that owns the schema; empty: secretName. The servers then need no DDL.',
        { pattern: '^([a-z0-9]([-a-z0-9.]*[a-z0-9])?)?$' },
      ),
      secretKey: string('Its key.', { pattern: '^[-._a-zA-Z0-9]+$' }),
      poolMax: integer('Connections per pod (DATABASE_POOL_MAX).', { min: 1, max: 200 }),
    }),
    migrations: object('The pre-install/pre-upgrade Job: `migrate`, then `create-topics`.', {
      enabled: boolean(''),
      backoffLimit: integer('', { min: 0 }),
      activeDeadlineSeconds: integer('', { min: 30 }),
      resources: resources(''),
      podAnnotations: stringMap("The Job pods' annotations, e.g. to keep a service mesh's sidecar out of a Job."),
    }),
  };
}
