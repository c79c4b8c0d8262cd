/**
 * `npm run test:k8s`: a platform team's first install and its second day, rehearsed on a real Kubernetes node. Runs against the
 * node and release `npm run k8s -- up` made, each step printed with its timing and figures, every
 * step run even when one fails; exits 1 if any failed.
 *
 *   npm run test:k8s                         every step, in order
 *   npm run test:k8s -- --only scale,rollout steps whose names contain one of these words
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { K8S } from '../../scripts/k8s/kube.ts';
import { autoscale } from './steps/autoscale.ts';
import { designToolSync } from './steps/design-tool-sync.ts';
import { forceDelete } from './steps/force-delete.ts';
import { install } from './steps/install.ts';
import { networkPolicy } from './steps/network-policy.ts';
import { readiness } from './steps/readiness.ts';
import { rolloutRestart } from './steps/rollout.ts';
import { scaleEachService } from './steps/scale.ts';
import { upgradeAndRollback } from './steps/upgrade.ts';
import { say, seconds, StepFailure, type Figures, type Step } from './support/steps.ts';

const STEPS: Step[] = [install, networkPolicy, designToolSync, scaleEachService, rolloutRestart, upgradeAndRollback, forceDelete, autoscale, readiness];

const only = (() => {
  const at = process.argv.indexOf('--only');
  return at >= 0 ? (process.argv[at + 1] ?? '').split(',').filter(Boolean) : [];
})();
const chosen = only.length === 0 ? STEPS : STEPS.filter((step) => only.some((word) => step.name.includes(word)));

// The writers' receivers and the e2e's artwork server listen where the pods may reach the host.
process.env.BOARDSYNC_CALLBACK_HOST = K8S.nodeIp;
process.env.BOARDSYNC_CALLBACK_PORTS = K8S.callbackPorts;
if (!process.env.HELM) {
  const helm = spawnSync('bash', [fileURLToPath(new URL('../../scripts/deploy-tools.sh', import.meta.url)), 'path', 'helm'], { encoding: 'utf8' });
  if (helm.status !== 0) throw new Error(`scripts/deploy-tools.sh path helm failed: ${helm.stderr}`);
  process.env.HELM = helm.stdout.trim();
}

const results: { step: Step; ms: number; figures: Figures; error?: string }[] = [];
const began = Date.now();
for (const step of chosen) {
  say(`▶ ${step.name}: ${step.proves}`);
  const started = Date.now();
  try {
    const figures = await step.run();
    results.push({ step, ms: Date.now() - started, figures });
    say(`✓ ${step.name} (${seconds(Date.now() - started)})`);
  } catch (error) {
    // fetch's own message ("fetch failed") says nothing: the cause (ECONNRESET, a refusal …) and where does.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
    const message = error instanceof Error ? `${error.message}${cause}\n${error.stack?.split('\n').slice(1, 6).join('\n') ?? ''}` : String(error);
    results.push({ step, ms: Date.now() - started, figures: error instanceof StepFailure ? error.figures : {}, error: message });
    say(`✗ ${step.name} (${seconds(Date.now() - started)}): ${message}`);
  }
  for (const [name, value] of Object.entries(results.at(-1)?.figures ?? {})) say(`    ${name}: ${String(value)}`);
}

const failed = results.filter((result) => result.error !== undefined);
process.stdout.write(`\n| step | result | time |\n| --- | --- | --- |\n`);
for (const result of results) process.stdout.write(`| ${result.step.name} | ${result.error === undefined ? 'passed' : 'FAILED'} | ${seconds(result.ms)} |\n`);
process.stdout.write(`\ntest:k8s: ${String(results.length - failed.length)} passed, ${String(failed.length)} failed (${seconds(Date.now() - began)})\n`);
process.exit(failed.length === 0 ? 0 : 1);
