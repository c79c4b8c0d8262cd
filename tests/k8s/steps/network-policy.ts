/**
 * The charts' NetworkPolicies, enforced by kube-router's policy controller: a pod of the namespace
 * that is not the gateway reaches the gateway's public port but not auth's internal listener (the
 * admin API, introspection), nor the catalog's public port (only the gateway may call it).
 */
import { K8S } from '../../../scripts/k8s/kube.ts';
import { kube, kubeApply, kubeJson } from '../support/kubectl.ts';
import { deployment, eventually } from '../support/release.ts';
import { expect, type Step } from '../support/steps.ts';

const PROBE = 'netpol-probe';

/** A restricted pod running Node from the gateway's image, trying each URL once (2 s each), printing one line per URL. */
function probePod(image: string, urls: string[]): object {
  const script = `for (const url of ${JSON.stringify(urls)}) { try { const r = await fetch(url, { signal: AbortSignal.timeout(2000) }); console.log(url + ' ' + r.status); } catch (e) { console.log(url + ' blocked ' + (e.cause?.code ?? e.name)); } }`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: PROBE, namespace: K8S.namespace, labels: { 'app.kubernetes.io/name': PROBE } },
    spec: {
      restartPolicy: 'Never',
      securityContext: { runAsNonRoot: true, runAsUser: 10001, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [
        {
          name: 'probe',
          image,
          imagePullPolicy: 'Never',
          command: ['node', '--input-type=module', '-e', script],
          securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
          resources: { requests: { cpu: '10m', memory: '32Mi' }, limits: { memory: '128Mi' } },
        },
      ],
    },
  };
}

export const networkPolicy: Step = {
  name: 'NetworkPolicies enforced',
  proves: "a pod that is not the gateway reaches the gateway, but not auth's internal listener nor catalog's API",
  run: async () => {
    const gateway = (await kubeJson(['get', 'deployment', deployment('gateway')])) as { spec: { template: { spec: { containers: { image: string }[] } } } };
    const image = gateway.spec.template.spec.containers[0]?.image;
    expect(image !== undefined, 'no gateway image');
    const urls = {
      gateway: `http://${deployment('gateway')}:8080/healthz`,
      authInternal: `http://${deployment('auth')}-internal:9090/healthz`,
      catalog: `http://${deployment('catalog')}:8080/healthz`,
    };
    await kube(['delete', 'pod', PROBE, '--ignore-not-found', '--wait=true']);
    await kubeApply(probePod(image, Object.values(urls)));
    const phase = await eventually('the probe pod to finish', 120_000, async () => {
      const current = ((await kubeJson(['get', 'pod', PROBE])) as { status: { phase: string } }).status.phase;
      return current === 'Succeeded' || current === 'Failed' ? current : undefined;
    });
    const log = await kube(['logs', PROBE]);
    await kube(['delete', 'pod', PROBE, '--wait=false']);
    expect(phase === 'Succeeded', `the probe pod ${phase}: ${log}`);
    const outcome = (url: string): string =>
      log
        .split('\n')
        .find((line) => line.startsWith(`${url} `))
        ?.slice(url.length + 1) ?? 'no line';
    expect(
      outcome(urls.gateway) === '200',
      `the gateway's public port from a plain pod: ${outcome(urls.gateway)} (DNS or the network is broken, not a policy)`,
    );
    expect(outcome(urls.authInternal).startsWith('blocked'), `auth's internal listener from a plain pod: ${outcome(urls.authInternal)}`);
    expect(outcome(urls.catalog).startsWith('blocked'), `catalog's API from a plain pod: ${outcome(urls.catalog)}`);
    return { 'gateway public': outcome(urls.gateway), 'auth internal': outcome(urls.authInternal), 'catalog public': outcome(urls.catalog) };
  },
};
