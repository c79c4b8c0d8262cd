// What a platform team adds to a service without editing the charts, found missing when the charts
// were first installed on a real node (npm run k8s, docs/operations.md §8): environment variables the
// `config` table leaves out on purpose, and how long the HPA waits before it removes pods.
import { afterAll, describe, expect, test } from '@jest/globals';
import { FIRST_RENDER_MS, exampleFile, releasePrepared, renderFailure, renderUmbrella, type K8sObject } from './support/render.ts';

afterAll(releasePrepared);

interface Container {
  name: string;
  env?: { name: string; value?: string }[];
}

const containerOf = (objects: K8sObject[], deployment: string): Container | undefined =>
  (
    objects.find((object) => object.kind === 'Deployment' && object.metadata.name === deployment) as
      { spec?: { template: { spec: { containers: Container[] } } } } | undefined
  )?.spec?.template.spec.containers[0];

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
