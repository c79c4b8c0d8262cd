// What a platform team adds to a service without editing the charts, found missing when the charts
// were first installed on a real node (npm run k8s, docs/operations.md §8): environment variables the
// `config` table leaves out on purpose, and how long the HPA waits before it removes pods.
import { afterAll, describe, expect, test } from '@jest/globals';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { Manifests, podLabels, podSpec, type Container } from './support/manifests.ts';
import { FIRST_RENDER_MS, exampleFile, releasePrepared, renderFailure, renderUmbrella, type K8sObject } from './support/render.ts';

afterAll(releasePrepared);

const containerOf = (objects: K8sObject[], deployment: string): Container | undefined => {
  const found = new Manifests(objects).named<IDeployment>('Deployment', deployment);
  return found && podSpec(found)?.containers[0];
};

describe('extraEnv', () => {
  test(
    "adds its variables to that service's container only, after the chart's own",
    async () => {
      const { objects } = await renderUmbrella({
        valuesFiles: [exampleFile('small')],
        setJson: ['webhook.extraEnv=[{"name":"SSRF_ALLOW_CIDRS","value":"10.20.0.0/16"}]'],
      });
      const env = containerOf(objects, 'bs-webhook')?.env ?? [];
      expect(env.at(-1)).toEqual({ name: 'SSRF_ALLOW_CIDRS', value: '10.20.0.0/16' });
      expect(env.slice(0, -1).map((variable) => variable.name)).toContain('DATABASE_URL');
      expect((containerOf(objects, 'bs-catalog')?.env ?? []).map((variable) => variable.name)).not.toContain('SSRF_ALLOW_CIDRS');
    },
    FIRST_RENDER_MS,
  );

  test(
    'refuses an entry that is not an environment variable',
    async () => {
      const failure = await renderFailure({ valuesFiles: [exampleFile('small')], setJson: ['asset.extraEnv=[{"value":"no name"}]'] });
      expect(failure).toContain('extraEnv');
    },
    FIRST_RENDER_MS,
  );
});

describe('autoscaling.scaleDownStabilizationSeconds', () => {
  const window = (objects: K8sObject[], name: string): unknown =>
    (
      objects.find((object) => object.kind === 'HorizontalPodAutoscaler' && object.metadata.name === name) as
        { spec: { behavior?: { scaleDown?: { stabilizationWindowSeconds?: number } } } } | undefined
    )?.spec.behavior?.scaleDown?.stabilizationWindowSeconds;

  test(
    "is the HPA's scale-down window: 300 s unless set",
    async () => {
      const { objects } = await renderUmbrella({ valuesFiles: [exampleFile('small')], set: ['gateway.autoscaling.scaleDownStabilizationSeconds=30'] });
      expect(window(objects, 'bs-gateway')).toBe(30);
      expect(window(objects, 'bs-catalog')).toBe(300);
    },
    FIRST_RENDER_MS,
  );
});

describe('every pod or one service’s, from global and service values', () => {
  test(
    'a platform team extends every pod or one service’s: env, envFrom, volumes and mounts, labels, annotations, ServiceAccount annotations, a CA bundle, Reloader',
    async () => {
      const { objects } = await renderUmbrella({
        valuesFiles: [exampleFile('small')],
        set: [
          'global.caBundle.configMapName=corporate-ca',
          'global.podLabels.team=boards',
          'global.podAnnotations.cost-centre=games',
          'global.serviceAccount.annotations.iam\\.gke\\.io/gcp-service-account=boardsync@example.iam.gserviceaccount.com',
          'asset.serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn=arn:aws:iam::123456789012:role/boardsync-asset',
          'global.reloader.enabled=true',
        ],
        setJson: [
          'global.extraEnv=[{"name":"HTTPS_PROXY","value":"http://proxy.internal:3128"}]',
          'global.extraEnvFrom=[{"configMapRef":{"name":"site-settings"}}]',
          'global.extraVolumes=[{"name":"secrets-store","csi":{"driver":"secrets-store.csi.k8s.io","readOnly":true}}]',
          'global.extraVolumeMounts=[{"name":"secrets-store","mountPath":"/mnt/secrets","readOnly":true}]',
          'catalog.extraEnv=[{"name":"HTTPS_PROXY","value":"http://catalog-proxy.internal:3128"}]',
        ],
      });
      const m = new Manifests(objects);
      const catalog = m.named<IDeployment>('Deployment', 'bs-catalog');
      const job = m.named<IJob>('Job', 'bs-catalog-migrate');
      const container = containerOf(objects, 'bs-catalog');
      expect(catalog && podLabels(catalog)).toMatchObject({ team: 'boards' });
      expect(catalog?.spec?.template.metadata?.annotations).toMatchObject({ 'cost-centre': 'games' });
      // The global entry first, the service's after it: the later one wins in Kubernetes.
      expect(container?.env?.filter((entry) => entry.name === 'HTTPS_PROXY').map((entry) => entry.value)).toEqual([
        'http://proxy.internal:3128',
        'http://catalog-proxy.internal:3128',
      ]);
      expect(container?.env).toContainEqual({ name: 'NODE_EXTRA_CA_CERTS', value: '/etc/boardsync/ca-bundle/ca.crt' });
      expect(container?.envFrom).toContainEqual({ configMapRef: { name: 'site-settings' } });
      expect(catalog && podSpec(catalog)?.volumes?.map((volume) => volume.name)).toEqual(expect.arrayContaining(['ca-bundle', 'secrets-store']));
      expect(container?.volumeMounts?.map((mount) => mount.mountPath)).toEqual(expect.arrayContaining(['/etc/boardsync/ca-bundle', '/mnt/secrets']));
      expect(job && podSpec(job)?.volumes?.map((volume) => volume.name)).toContain('ca-bundle');
      expect(job && podSpec(job)?.containers[0]?.env).toContainEqual({ name: 'NODE_EXTRA_CA_CERTS', value: '/etc/boardsync/ca-bundle/ca.crt' });
      expect(catalog?.metadata.annotations?.['secret.reloader.stakater.com/reload']?.split(',')).toEqual(expect.arrayContaining(['boardsync-shared']));
      const account = (name: string) => m.named<IServiceAccount>('ServiceAccount', name)?.metadata.annotations;
      expect(account('bs-asset')).toEqual({
        'iam.gke.io/gcp-service-account': 'boardsync@example.iam.gserviceaccount.com',
        'eks.amazonaws.com/role-arn': 'arn:aws:iam::123456789012:role/boardsync-asset',
      });
      expect(account('bs-gateway')).toEqual({ 'iam.gke.io/gcp-service-account': 'boardsync@example.iam.gserviceaccount.com' });
    },
    FIRST_RENDER_MS,
  );
});

describe('asset s3.credentialsSecret', () => {
  test(
    "empty: no S3 keys in the pod, which signs with the identity its ServiceAccount's annotation gives it (IRSA)",
    async () => {
      const { objects } = await renderUmbrella({
        valuesFiles: [exampleFile('small')],
        set: ['asset.s3.credentialsSecret=', 'asset.serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn=arn:aws:iam::123456789012:role/boardsync-asset'],
        setJson: ['asset.extraEnv=[{"name":"AWS_ENDPOINT_URL_STS","value":"https://sts.eu-west-1.amazonaws.com"}]'],
      });
      const names = (containerOf(objects, 'bs-asset')?.env ?? []).map((variable) => variable.name);
      expect(names).toEqual(['INTERNAL_JWT_SECRET', 'ADMIN_TOKEN', 'DATABASE_URL', 'AWS_ENDPOINT_URL_STS']);
      const { objects: withKeys } = await renderUmbrella({ valuesFiles: [exampleFile('small')] });
      expect((containerOf(withKeys, 'bs-asset')?.env ?? []).map((variable) => variable.name)).toEqual(
        expect.arrayContaining(['S3_ACCESS_KEY', 'S3_SECRET_KEY']),
      );
    },
    FIRST_RENDER_MS,
  );
});
