// The charts render into objects a cluster accepts, with no secret values in them, and their values
// are typed: a wrong value is refused by values.schema.json when helm renders, naming the value.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { schemaProblems } from './support/kubernetes-schemas.ts';
import { SERVICES } from './support/manifests.ts';
import {
  chartNames,
  chartsRoot,
  exampleFile,
  exampleNames,
  releasePrepared,
  renderExample,
  renderFailure,
  renderUmbrella,
  UMBRELLA,
  type K8sObject,
} from './support/render.ts';

// The first render may build helm (scripts/deploy-tools.sh) when the tests run on their own.
const FIRST_RENDER_MS = 15 * 60_000;
const examples = exampleNames();
const charts = chartNames();

afterAll(releasePrepared);

const chartType = (chart: string): unknown => (parse(readFileSync(join(chartsRoot, chart, 'Chart.yaml'), 'utf8')) as { type?: unknown } | null)?.type;
const schemaOf = (chart: string): Record<string, unknown> | undefined => {
  const file = join(chartsRoot, chart, 'values.schema.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined;
};

describe('the charts', () => {
  test('an umbrella chart and one chart per service', () => {
    expect(charts).toEqual(expect.arrayContaining([UMBRELLA, ...SERVICES]));
  });

  test('the umbrella chart has the two example values files, small and large', () => {
    expect(examples).toEqual(expect.arrayContaining(['small', 'large']));
  });

  // A library chart is never installed and takes no values of its own, so it has nothing to type.
  test('every installable chart types its values in a values.schema.json (an object schema that parses)', () => {
    const problems: string[] = [];
    for (const chart of charts.filter((name) => chartType(name) !== 'library')) {
      const schema = schemaOf(chart);
      if (!schema) problems.push(`charts/${chart}: no values.schema.json`);
      else if (schema.type !== 'object') problems.push(`charts/${chart}/values.schema.json: top-level type is ${JSON.stringify(schema.type)}, not "object"`);
    }
    expect(problems).toEqual([]);
  });
});

describe.each(examples.length > 0 ? examples : ['(no examples)'])('the umbrella rendered with examples/%s.yaml', (example) => {
  let objects: K8sObject[] = [];
  beforeAll(async () => {
    objects = await renderExample(example);
  }, FIRST_RENDER_MS);

  test('renders objects', () => {
    expect(objects.length).toBeGreaterThan(0);
  });

  test('every object validates against the Kubernetes schemas of its kind', () => {
    expect(objects.flatMap(schemaProblems)).toEqual([]);
  });

  test('no Secret is rendered: secrets are referenced by name, never carried in values', () => {
    expect(objects.filter((object) => object.kind === 'Secret').map((object) => `Secret ${object.metadata.name}`)).toEqual([]);
  });

  test('object names are unique per kind', () => {
    const seen = new Set<string>();
    const twice = objects.map((object) => `${object.kind} ${object.metadata.name}`).filter((key) => seen.has(key) || !seen.add(key));
    expect(twice).toEqual([]);
  });
});

describe('a wrong value is refused by the schema when helm renders', () => {
  // On top of a complete example, so the only thing wrong is the value under test.
  const base = exampleFile('small');

  // The first render prepares the charts (and may build helm), so it gets the long timeout.
  let baseObjects: K8sObject[] = [];
  beforeAll(async () => {
    baseObjects = (await renderUmbrella({ valuesFiles: [base] })).objects;
  }, FIRST_RENDER_MS);

  test('the base example renders as it is', () => {
    expect(baseObjects.length).toBeGreaterThan(0);
  });

  test.each([
    ['gateway.replicaCount=two', 'gateway', 'replicaCount'],
    ['webhook.autoscaling.maxReplicas=-1', 'webhook', 'maxReplicas'],
    ['catalog.resources=big', 'catalog', 'resources'],
  ])('--set %s is refused, naming %s and %s', async (set, chart, key) => {
    const failure = await renderFailure({ valuesFiles: [base], set: [set] });
    expect(failure).toMatch(/schema/i);
    expect(failure).toContain(chart);
    expect(failure).toContain(key);
  });

  test.each([
    ['global.instance=1bs', '/global/instance'],
    ['global.instance=a-release-name-far-too-long-for-the-service-names-x', 'at most 46'],
    ['webhook.autoscaling.minReplicas=5', 'minReplicas (5) is above maxReplicas'],
    ['gateway.podLabels.app\\.kubernetes\\.io/component=x', "invalid propertyName 'app.kubernetes.io/component'"],
    ['auth.podDisruptionBudget.maxUnavailable=0', 'maxUnavailable'],
  ])('--set %s is refused with a message saying why (%s)', async (set, reason) => {
    expect(await renderFailure({ valuesFiles: [base], set: [set] })).toContain(reason);
  });

  // A misspelled key would otherwise be ignored and its default used in silence.
  const strictCharts = SERVICES.filter((service) => schemaOf(service)?.additionalProperties === false);
  const looseCharts = SERVICES.filter((service) => !strictCharts.includes(service));
  if (strictCharts.length > 0) {
    test.each(strictCharts)('an unknown key in the %s chart is refused', async (service) => {
      const failure = await renderFailure({ valuesFiles: [base], set: [`${service}.replicaCont=2`] });
      expect(failure).toContain(service);
      expect(failure).toContain('replicaCont');
    });
  }
  test('every service chart refuses unknown top-level keys (additionalProperties: false)', () => {
    expect(looseCharts).toEqual([]);
  });
});

describe('database credentials', () => {
  interface EnvVar {
    name: string;
    valueFrom?: { secretKeyRef?: { name: string } };
  }
  interface PodOwner {
    kind: string;
    metadata: { name: string };
    spec: { template: { spec: { containers: { env?: EnvVar[] }[]; initContainers?: { env?: EnvVar[] }[] } } };
  }
  const databaseSecrets = (object: PodOwner): string[] =>
    [...object.spec.template.spec.containers, ...(object.spec.template.spec.initContainers ?? [])]
      .flatMap((container) => container.env ?? [])
      .filter((variable) => variable.name === 'DATABASE_URL')
      .map((variable) => variable.valueFrom?.secretKeyRef?.name ?? '(not a secret reference)');

  test(
    'the migration Job connects with database.migrationSecretName when set (a role that owns the schema), the servers with database.secretName; create-topics holds no secret',
    async () => {
      const { objects } = await renderUmbrella({ valuesFiles: [exampleFile('small')], set: ['catalog.database.migrationSecretName=catalog-schema-owner'] });
      const catalog = objects.filter((object) => object.metadata.name.startsWith('bs-catalog')) as unknown as PodOwner[];
      const deployment = catalog.find((object) => object.kind === 'Deployment');
      const job = catalog.find((object) => object.kind === 'Job');
      expect(deployment && databaseSecrets(deployment)).toEqual(['boardsync-catalog-database']);
      // Only the migrate step connects to Postgres; create-topics talks to Kafka alone and gets no secret at all.
      expect(job && databaseSecrets(job)).toEqual(['catalog-schema-owner']);
      const createTopics = job?.spec.template.spec.containers.flatMap((container) => container.env ?? []) ?? [];
      expect(createTopics.filter((variable) => variable.valueFrom !== undefined)).toEqual([]);
    },
    FIRST_RENDER_MS,
  );
});

describe('settings that change what the servers do', () => {
  const plainEnv = (objects: K8sObject[], name: string): Record<string, string> =>
    (objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name === name) as { data?: Record<string, string> } | undefined)?.data ?? {};

  test(
    'without the migration Job (migrations.enabled=false) the servers migrate and create topics themselves; with it they do neither',
    async () => {
      const { objects } = await renderUmbrella({ valuesFiles: [exampleFile('small')], set: ['catalog.migrations.enabled=false'] });
      expect(objects.filter((object) => object.kind === 'Job').map((job) => job.metadata.name)).not.toContain('bs-catalog-migrate');
      expect(plainEnv(objects, 'bs-catalog')).toMatchObject({ MIGRATE_ON_START: 'true', KAFKA_CREATE_TOPICS: 'true' });
      expect(plainEnv(objects, 'bs-auth')).toMatchObject({ MIGRATE_ON_START: 'false', KAFKA_CREATE_TOPICS: 'false' });
    },
    FIRST_RENDER_MS,
  );

  test(
    'global.kafka.tls and .sasl reach every server and the create-topics step: the variables, and the Secrets mounted read-only as the files they name',
    async () => {
      const { objects } = await renderUmbrella({
        valuesFiles: [exampleFile('small')],
        set: [
          'global.kafka.tls.caSecret.name=kafka-cluster-ca',
          'global.kafka.tls.clientCertSecret.name=boardsync-kafka-user',
          'global.kafka.sasl.mechanism=scram-sha-512',
          'global.kafka.sasl.username=boardsync',
          'global.kafka.sasl.passwordSecret.name=boardsync-kafka',
        ],
      });
      expect(plainEnv(objects, 'bs-catalog')).toMatchObject({
        KAFKA_TLS: 'true',
        KAFKA_TLS_CA_FILE: '/etc/boardsync/kafka/ca/ca.crt',
        KAFKA_TLS_CERT_FILE: '/etc/boardsync/kafka/client/tls.crt',
        KAFKA_TLS_KEY_FILE: '/etc/boardsync/kafka/client/tls.key',
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'boardsync',
        KAFKA_SASL_PASSWORD_FILE: '/etc/boardsync/kafka/sasl/password',
      });
      type Pod = {
        volumes: { name: string; secret?: { secretName: string } }[];
        containers: { name: string; env?: { name: string }[]; volumeMounts: { name: string; mountPath: string; readOnly?: boolean }[] }[];
      };
      const podOf = (kind: string, name: string) =>
        (objects.find((object) => object.kind === kind && object.metadata.name === name) as unknown as { spec: { template: { spec: Pod } } }).spec.template
          .spec;
      for (const pod of [podOf('Deployment', 'bs-gateway'), podOf('Deployment', 'bs-catalog'), podOf('Job', 'bs-catalog-migrate')]) {
        expect(pod.volumes.filter((volume) => volume.name.startsWith('kafka-')).map((volume) => [volume.name, volume.secret?.secretName])).toEqual([
          ['kafka-ca', 'kafka-cluster-ca'],
          ['kafka-client', 'boardsync-kafka-user'],
          ['kafka-sasl', 'boardsync-kafka'],
        ]);
        const container = pod.containers[0];
        expect(container?.volumeMounts.filter((mount) => mount.name.startsWith('kafka-')).every((mount) => mount.readOnly === true)).toBe(true);
        expect(container?.volumeMounts.map((mount) => mount.mountPath)).toEqual(
          expect.arrayContaining(['/etc/boardsync/kafka/ca', '/etc/boardsync/kafka/sasl']),
        );
      }
      const createTopics = podOf('Job', 'bs-catalog-migrate').containers.find((container) => container.name === 'create-topics');
      expect(createTopics?.env?.map((entry) => entry.name)).toEqual(
        expect.arrayContaining(['KAFKA_TLS_CA_FILE', 'KAFKA_SASL_MECHANISM', 'KAFKA_SASL_PASSWORD_FILE']),
      );
      // A mechanism without the Secret holding its password is refused when helm renders.
      const failure = await renderFailure({ valuesFiles: [exampleFile('small')], set: ['global.kafka.sasl.mechanism=plain', 'global.kafka.sasl.username=x'] });
      expect(failure).toContain('global.kafka.sasl.passwordSecret.name is required');
      // PLAIN without TLS sends the password in clear: refused unless allowPlaintext says the network is trusted.
      const plainSasl = ['global.kafka.sasl.mechanism=plain', 'global.kafka.sasl.username=x', 'global.kafka.sasl.passwordSecret.name=boardsync-kafka'];
      expect(await renderFailure({ valuesFiles: [exampleFile('small')], set: plainSasl })).toContain('sends the password in clear');
      const allowed = await renderUmbrella({ valuesFiles: [exampleFile('small')], set: [...plainSasl, 'global.kafka.sasl.allowPlaintext=true'] });
      expect(plainEnv(allowed.objects, 'bs-catalog')).toMatchObject({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_ALLOW_PLAINTEXT: 'true' });
      expect(plainEnv(objects, 'bs-catalog')).not.toHaveProperty('KAFKA_SASL_ALLOW_PLAINTEXT');
    },
    FIRST_RENDER_MS,
  );

  test(
    'global.networkPolicy.dnsTo replaces the default DNS peers whole (OpenShift, NodeLocal DNSCache), instead of merging label by label',
    async () => {
      const dnsTo = [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'openshift-dns' } } }, { ipBlock: { cidr: '169.254.20.10/32' } }];
      const { objects } = await renderUmbrella({ valuesFiles: [exampleFile('small')], setJson: [`global.networkPolicy.dnsTo=${JSON.stringify(dnsTo)}`] });
      const policies = objects.filter((object) => object.kind === 'NetworkPolicy') as unknown as {
        spec: { egress?: { to?: unknown[]; ports?: { port: unknown }[] }[] };
      }[];
      expect(policies.length).toBeGreaterThan(0);
      for (const policy of policies) {
        const dnsRule = policy.spec.egress?.find((rule) => rule.ports?.some((port) => port.port === 53));
        expect(dnsRule?.to).toEqual(dnsTo);
      }
    },
    FIRST_RENDER_MS,
  );

  test(
    'global.tracing.otlpEndpoint turns tracing on in every service (its OTEL_* variables, its own service.name) and opens egress to the collector; empty, neither',
    async () => {
      const egressPorts = (objects: K8sObject[]): unknown[] =>
        (objects.filter((object) => object.kind === 'NetworkPolicy') as unknown as { spec: { egress?: { ports?: { port: unknown }[] }[] } }[]).flatMap(
          (policy) => (policy.spec.egress ?? []).flatMap((rule) => (rule.ports ?? []).map((port) => port.port)),
        );
      const off = await renderUmbrella({ valuesFiles: [exampleFile('small')] });
      expect(Object.keys(plainEnv(off.objects, 'bs-catalog')).filter((name) => name.startsWith('OTEL_'))).toEqual([]);
      expect(egressPorts(off.objects)).not.toContain(4318);

      const on = await renderUmbrella({
        valuesFiles: [exampleFile('small')],
        set: [
          'global.tracing.otlpEndpoint=http://otel-collector.monitoring:4318',
          'global.tracing.sampler=parentbased_traceidratio',
          'global.tracing.samplerArg=0.1',
        ],
      });
      for (const service of SERVICES) {
        expect(plainEnv(on.objects, `bs-${service}`)).toMatchObject({
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector.monitoring:4318',
          OTEL_SERVICE_NAME: service,
          OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
          OTEL_TRACES_SAMPLER_ARG: '0.1',
        });
      }
      const policies = on.objects.filter((object) => object.kind === 'NetworkPolicy');
      expect(policies.length).toBeGreaterThan(0);
      expect(egressPorts(on.objects).filter((port) => port === 4318)).toHaveLength(policies.length);
    },
    FIRST_RENDER_MS,
  );
});
