// Offline validation of rendered objects against the Kubernetes OpenAPI schemas, through the
// kubernetes-models validators (kubeconform needs schemas no registry here serves). Each kind the
// charts may render is listed on purpose: a kind missing from the table is a failure, so a new kind
// is looked at (and mapped) before it ships. The schemas say nothing of names and labels, which the
// API server checks on its own; the few rules for those are checked here beside them.
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import type { K8sObject } from './render.ts';

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: never) => Validatable;

/** apiVersion/kind → its validator. Secret is here so that "no Secret is rendered" fails by its own test, not as an unknown kind. */
const models: Record<string, ModelClass> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  'monitoring.coreos.com/v1/ServiceMonitor': ServiceMonitor,
  'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
};

export const mappedKinds = (): string[] => Object.keys(models);

// The API server's name and label rules (k8s.io/apimachinery/pkg/util/validation).
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function nameProblems(object: K8sObject): string[] {
  const { name } = object.metadata;
  // Service names become DNS labels (and env var prefixes), hence the stricter rule.
  if (object.kind === 'Service') {
    return DNS1035_LABEL.test(name) && name.length <= 63 ? [] : [`metadata.name "${name}" is not a DNS-1035 label of at most 63 characters`];
  }
  const problems = DNS1123_SUBDOMAIN.test(name) && name.length <= 253 ? [] : [`metadata.name "${name}" is not a DNS-1123 subdomain`];
  if (object.kind === 'Job' && !(DNS1123_LABEL.test(name) && name.length <= 63))
    problems.push(`metadata.name "${name}" is not a DNS-1123 label (its pods carry it as the job-name label)`);
  return problems;
}

function labelProblems(where: string, labels: unknown): string[] {
  if (labels === undefined) return [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(labels as Record<string, unknown>)) {
    const slash = key.lastIndexOf('/');
    const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
    const name = key.slice(slash + 1);
    if (prefix !== undefined && !(DNS1123_SUBDOMAIN.test(prefix) && prefix.length <= 253)) problems.push(`${where} key "${key}" has an invalid prefix`);
    if (!(LABEL_NAME.test(name) && name.length <= 63)) problems.push(`${where} key "${key}" is not a valid label name`);
    if (typeof value !== 'string' || !(LABEL_VALUE.test(value) && value.length <= 63))
      problems.push(`${where} "${key}" has an invalid value ${JSON.stringify(value)}`);
  }
  return problems;
}

/** Problems with one rendered object, each prefixed with the object; empty when it is valid. */
export function schemaProblems(object: K8sObject): string[] {
  const what = `${object.kind} ${object.metadata.name}`;
  const key = `${object.apiVersion}/${object.kind}`;
  const Model = models[key];
  if (!Model) return [`${what}: ${key} is not mapped to a validator in tests/deploy/support/kubernetes-schemas.ts (map it on purpose)`];
  const problems: string[] = [];
  try {
    new Model(object as never).validate();
  } catch (error) {
    problems.push(`schema: ${(error as Error).message}`);
  }
  problems.push(...nameProblems(object), ...labelProblems('metadata.labels', object.metadata.labels));
  const template = (object.spec as { template?: { metadata?: { labels?: unknown } } } | undefined)?.template;
  if (template) problems.push(...labelProblems('spec.template.metadata.labels', template.metadata?.labels));
  return problems.map((problem) => `${what}: ${problem}`);
}
