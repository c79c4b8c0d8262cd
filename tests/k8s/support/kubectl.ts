/**
 * kubectl, helm and the project's scripts as tests/k8s runs them: never blocking the event loop,
 * since the steps run them while their own write and read load is in flight in this process.
 */
import { fileURLToPath } from 'node:url';
import { kubectlAsync, runAsync } from '../../../scripts/k8s/kube.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export const kube = kubectlAsync;

/** What kubectl prints with `-o json`, for the caller to type (`as`): kubectl's output, trusted as its API types. */
export async function kubeJson(args: string[]): Promise<unknown> {
  return JSON.parse(await kubectlAsync([...args, '-o', 'json']));
}

export async function kubeApply(object: object): Promise<void> {
  await kubectlAsync(['apply', '--server-side', '--force-conflicts', '--field-manager', 'boardsync-rehearsal', '-f', '-'], JSON.stringify(object));
}

/** A script of this repository (path relative to its root), under the same Node, its output kept for a failure's message. */
export function nodeScript(args: string[]): Promise<string> {
  return runAsync(
    process.execPath,
    args.map((arg, index) => (index === 0 ? `${ROOT}${arg}` : arg)),
  );
}

export function bashScript(args: string[]): Promise<string> {
  return runAsync(
    'bash',
    args.map((arg, index) => (index === 0 ? `${ROOT}${arg}` : arg)),
  );
}

/** `helm upgrade --reuse-values` of the release with more `--set`s (scripts/k8s/release.ts upgrade). */
export async function helmUpgrade(sets: string[]): Promise<void> {
  await nodeScript(['scripts/k8s/release.ts', 'upgrade', ...sets]);
}
