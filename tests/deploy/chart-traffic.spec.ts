// The conventions every rendered chart follows for what reaches the pods, asserted on what
// helm renders from each example values file: NetworkPolicies (ingress by port and peer, DNS and
// internet egress), the gateway's Ingress and the ServiceMonitors' scrapes. Each test lists every
// object that breaks its rule, and which rule.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { INSTANCE, Manifests, NAME, SERVICES, Violations, containerPort, coversPort, selects } from './support/manifests.ts';
import { FIRST_RENDER_MS, RELEASE, exampleFile, exampleNames, releasePrepared, renderExample } from './support/render.ts';

const examples = exampleNames();

afterAll(releasePrepared);

const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16'];
const INTERNET_SERVICES = new Set(['asset', 'webhook']);

describe.each(examples.length > 0 ? examples : ['(no examples)'])('examples/%s.yaml rendered', (example) => {
  let m = new Manifests([]);
  // The example's own values, to know what it switches on (an Ingress).
  let values: Record<string, unknown> = {};
  beforeAll(async () => {
    m = new Manifests(await renderExample(example));
    values = (parse(readFileSync(exampleFile(example), 'utf8')) ?? {}) as Record<string, unknown>;
  }, FIRST_RENDER_MS);

  test('NetworkPolicies: one per service on its server pods, Ingress and Egress; only the gateway takes http from anywhere, backends http only from the gateway, internal ports only from pods in the namespace', () => {
    const v = new Violations();
    const policies = m.ofKind<INetworkPolicy>('NetworkPolicy');
    for (const policy of policies) v.check(policy.apiVersion === 'networking.k8s.io/v1', policy, 'apiVersion networking.k8s.io/v1', policy.apiVersion);
    for (const service of SERVICES) {
      const deployment = m.deploymentOf(service);
      const mine = policies.filter((policy) => selects(policy.spec?.podSelector, m.serverLabels(service)));
      v.check(
        mine.length === 1,
        `service ${service}`,
        'exactly one NetworkPolicy selecting its server pods',
        mine.map((policy) => policy.metadata.name),
      );
      const policy = mine[0];
      if (!policy || !deployment) continue;
      const types = policy.spec?.policyTypes ?? [];
      v.check(types.includes('Ingress') && types.includes('Egress'), policy, 'policyTypes Ingress and Egress', types);
      const http = containerPort(deployment, 'http')?.port;
      const internal = containerPort(deployment, 'internal')?.port;
      const rules = policy.spec?.ingress ?? [];
      for (const rule of rules) {
        const fromAnywhere = !rule.from || rule.from.length === 0;
        v.check(!(fromAnywhere && !rule.ports?.length), policy, 'no ingress rule admits every port from anywhere', rule);
        if (internal && coversPort(rule.ports, internal)) {
          v.check(!fromAnywhere, policy, 'the internal port is not open to anywhere', rule);
          for (const peer of rule.from ?? []) {
            v.check(
              peer.podSelector !== undefined && !peer.namespaceSelector && !peer.ipBlock,
              policy,
              'the internal port admits only podSelector peers (same namespace: no namespaceSelector, no ipBlock)',
              peer,
            );
          }
        }
        const metrics = containerPort(deployment, 'metrics')?.port;
        if (metrics && coversPort(rule.ports, metrics)) {
          v.check(!fromAnywhere, policy, 'the metrics port is not open to anywhere', rule);
          v.check(
            !internal || !coversPort(rule.ports, internal),
            policy,
            'the rule admitting scrapers covers the metrics port, never the internal one',
            rule.ports,
          );
          for (const peer of rule.from ?? []) {
            v.check(peer.podSelector !== undefined && !peer.ipBlock, policy, 'the metrics port admits only selected pods (a podSelector, no ipBlock)', peer);
          }
        }
        if (http && service !== 'gateway' && coversPort(rule.ports, http)) {
          v.check(!fromAnywhere, policy, 'a backend http port is not open to anywhere', rule);
          for (const peer of rule.from ?? []) {
            const labels = peer.podSelector?.matchLabels ?? {};
            v.check(
              labels[NAME] === 'gateway' && labels[INSTANCE] === RELEASE && !peer.namespaceSelector && !peer.ipBlock,
              policy,
              `a backend http port admits only pods labelled ${NAME}: gateway, ${INSTANCE}: ${RELEASE}`,
              peer,
            );
          }
        }
      }
      if (service === 'gateway' && http) {
        v.check(
          rules.some((rule) => (!rule.from || rule.from.length === 0) && !!rule.ports?.length && coversPort(rule.ports, http)),
          policy,
          'the gateway admits its http port from anywhere (a rule with that port and no from)',
          rules,
        );
      }
    }
    expect(v.list).toEqual([]);
  });

  test('NetworkPolicies: DNS for all; internet egress (0.0.0.0/0 except private and link-local ranges) for asset and webhook only', () => {
    const v = new Violations();
    const udp53 = { containerPort: 53, protocol: 'UDP' } as const;
    const tcp53 = { containerPort: 53, protocol: 'TCP' } as const;
    for (const service of SERVICES) {
      const policy = m.ofKind<INetworkPolicy>('NetworkPolicy').find((entry) => selects(entry.spec?.podSelector, m.serverLabels(service)));
      if (!policy) continue; // reported by the ingress rule
      const rules = policy.spec?.egress ?? [];
      v.check(
        rules.some((rule) => rule.ports?.length && coversPort(rule.ports, udp53)) && rules.some((rule) => rule.ports?.length && coversPort(rule.ports, tcp53)),
        policy,
        'egress allows DNS (port 53 over UDP and TCP)',
        rules.map((rule) => rule.ports ?? null),
      );
      const internet = rules.flatMap((rule) => (rule.to ?? []).filter((peer) => peer.ipBlock?.cidr === '0.0.0.0/0'));
      if (INTERNET_SERVICES.has(service)) {
        v.check(internet.length > 0, policy, 'an egress rule to the internet (ipBlock 0.0.0.0/0)');
        for (const peer of internet) {
          const except = peer.ipBlock?.except ?? [];
          v.check(
            PRIVATE_RANGES.every((range) => except.includes(range)),
            policy,
            `the 0.0.0.0/0 egress excepts ${PRIVATE_RANGES.join(', ')}`,
            except,
          );
        }
      } else {
        v.check(internet.length === 0, policy, `no egress to 0.0.0.0/0 (only ${[...INTERNET_SERVICES].join(' and ')} reach the internet)`, internet);
        v.check(
          !rules.some((rule) => !rule.to?.length && !rule.ports?.length),
          policy,
          'no egress rule allowing every destination on every port',
          rules.filter((rule) => !rule.to?.length && !rule.ports?.length),
        );
      }
    }
    expect(v.list).toEqual([]);
  });

  test('only the gateway has an Ingress (rendered when the example enables it), and it leads to the gateway public Service on http', () => {
    const v = new Violations();
    const ingresses = m.ofKind<IIngress>('Ingress');
    const gateway = (values.gateway ?? {}) as { ingress?: { enabled?: unknown } };
    if (gateway.ingress?.enabled === true) v.check(ingresses.length > 0, `examples/${example}.yaml`, 'gateway.ingress.enabled renders an Ingress', 'none');
    for (const ingress of ingresses) {
      const backends = [ingress.spec?.defaultBackend, ...(ingress.spec?.rules ?? []).flatMap((rule) => (rule.http?.paths ?? []).map((path) => path.backend))];
      for (const backend of backends) {
        if (!backend) continue;
        v.check(
          backend.service?.name === `${RELEASE}-gateway` &&
            (backend.service.port?.name === 'http' || backend.service.port?.number === m.publicService('gateway')?.spec?.ports?.[0]?.port),
          ingress,
          `leads only to Service ${RELEASE}-gateway port http`,
          backend,
        );
      }
      v.check(ingress.metadata.labels?.[NAME] === 'gateway', ingress, `labelled ${NAME}: gateway`, ingress.metadata.labels?.[NAME]);
    }
    expect(v.list).toEqual([]);
  });

  test('ServiceMonitors, when enabled, scrape each service once through its -metrics Service, port metrics, path /metrics (never the internal port)', () => {
    const v = new Violations();
    const monitors = m.ofKind<IServiceMonitor>('ServiceMonitor');
    if (monitors.length === 0) return;
    for (const service of SERVICES) {
      const scrape = m.metricsService(service);
      const publicService = m.publicService(service);
      const mine = monitors.filter((monitor) => scrape && selects(monitor.spec.selector, scrape.metadata.labels));
      v.check(
        mine.length === 1,
        `service ${service}`,
        `exactly one ServiceMonitor selecting Service ${RELEASE}-${service}-metrics`,
        mine.map((monitor) => monitor.metadata.name),
      );
      for (const monitor of mine) {
        for (const other of [publicService, m.internalService(service)]) {
          v.check(!(other && selects(monitor.spec.selector, other.metadata.labels)), monitor, `does not also select Service ${other?.metadata.name ?? '?'}`);
        }
      }
    }
    for (const monitor of monitors) {
      const selected = SERVICES.filter((service) => selects(monitor.spec.selector, m.metricsService(service)?.metadata.labels));
      v.check(selected.length === 1, monitor, 'selects exactly one -metrics Service', selected);
      for (const endpoint of monitor.spec.endpoints) {
        v.check(endpoint.port === 'metrics' && (endpoint.path ?? '/metrics') === '/metrics', monitor, 'endpoints scrape port metrics, path /metrics', endpoint);
      }
    }
    expect(v.list).toEqual([]);
  });
});
