// Renders the umbrella chart with helm, as scripts/check-deploy.sh does, and parses the manifests.
// Under check-deploy.sh (DEPLOY_BUILD_DIR set) the charts are already prepared and the examples
// already rendered there, and HELM names the binary; run alone, the tests prepare a private copy of
// charts/ through the same script (so two test files never build dependencies in the same place).
import { execFile } from 'node:child_process';
import { readFile, readdir, rm, mkdtemp } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';

const run = promisify(execFile);

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const chartsRoot = join(repoRoot, 'charts');
export const UMBRELLA = 'boardsync';
// The same release and namespace as scripts/check-deploy.sh. Not "boardsync": a name written out
// in a template instead of {{ .Release.Name }} would otherwise pass unnoticed.
export const RELEASE = 'bs';
export const NAMESPACE = 'boardsync';
const API_VERSIONS = 'monitoring.coreos.com/v1';
/** A test file's first render prepares its private copy of charts/ (building dependencies, maybe helm itself): a beforeAll timeout. */
export const FIRST_RENDER_MS = 15 * 60_000;

export interface ObjectMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** One rendered manifest: apiVersion, kind and metadata checked present; the rest as helm wrote it. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

export interface RenderOptions {
  /** Values files, absolute or relative to the repository root. */
  valuesFiles?: string[];
  /** `--set` arguments, e.g. `gateway.replicaCount=two`. */
  set?: string[];
  /** `--set-json` arguments, e.g. `global.networkPolicy.dnsTo=[…]`. */
  setJson?: string[];
}

/** `small` for charts/boardsync/examples/small.yaml; read from the working tree when the tests are collected. */
export function exampleNames(): string[] {
  const dir = join(chartsRoot, UMBRELLA, 'examples');
  try {
    return readdirSync(dir)
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => basename(file, '.yaml'))
      .sort();
  } catch {
    return [];
  }
}

export const exampleFile = (name: string): string => join(chartsRoot, UMBRELLA, 'examples', `${name}.yaml`);

/** Chart directories (those with a Chart.yaml) under charts/, by name. */
export function chartNames(): string[] {
  try {
    return readdirSync(chartsRoot, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(join(chartsRoot, entry.name)).includes('Chart.yaml'))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

let helmBinary: Promise<string> | undefined;
/** HELM from check-deploy.sh, else the pinned helm from scripts/deploy-tools.sh (built on first use). */
export function helm(): Promise<string> {
  helmBinary ??= process.env.HELM
    ? Promise.resolve(process.env.HELM)
    : run('bash', [join(repoRoot, 'scripts/deploy-tools.sh'), 'path', 'helm'], { maxBuffer: 16 << 20 }).then(({ stdout }) => stdout.trim());
  return helmBinary;
}

interface Prepared {
  dir: string;
  own: boolean;
}
let prepared: Promise<Prepared> | undefined;

function prepare(): Promise<Prepared> {
  prepared ??= (async () => {
    const fromStage = process.env.DEPLOY_BUILD_DIR;
    if (fromStage) return { dir: fromStage, own: false };
    const dir = await mkdtemp(join(tmpdir(), 'boardsync-charts-'));
    await run('bash', [join(repoRoot, 'scripts/check-deploy.sh'), 'prepare', dir], {
      env: { ...process.env, HELM: await helm() },
      maxBuffer: 16 << 20,
    });
    return { dir, own: true };
  })();
  return prepared;
}

/** Removes the private copy of charts/ a test file prepared (never check-deploy.sh's). */
export async function releasePrepared(): Promise<void> {
  const done = await prepared?.catch(() => undefined);
  prepared = undefined;
  if (done?.own) await rm(done.dir, { recursive: true, force: true });
}

function helmEnv(dir: string): NodeJS.ProcessEnv {
  const home = join(dir, 'helm');
  return { ...process.env, HELM_CACHE_HOME: join(home, 'cache'), HELM_CONFIG_HOME: join(home, 'config'), HELM_DATA_HOME: join(home, 'data') };
}

async function template(options: RenderOptions): Promise<{ stdout: string; stderr: string }> {
  const { dir } = await prepare();
  const args = ['template', RELEASE, join(dir, 'charts', UMBRELLA), '--namespace', NAMESPACE, '--api-versions', API_VERSIONS];
  for (const file of options.valuesFiles ?? []) args.push('--values', resolve(repoRoot, file));
  for (const value of options.set ?? []) args.push('--set', value);
  for (const value of options.setJson ?? []) args.push('--set-json', value);
  return run(await helm(), args, { cwd: repoRoot, env: helmEnv(dir), maxBuffer: 64 << 20 });
}

/** Parses a multi-document manifest stream; empty documents (a template that rendered nothing) are dropped. */
export function parseManifests(text: string, source: string): K8sObject[] {
  const objects: K8sObject[] = [];
  for (const document of parseAllDocuments(text)) {
    if (document.errors.length > 0) throw new Error(`${source}: YAML error: ${document.errors.map((error) => error.message).join('; ')}`);
    const value: unknown = document.toJSON();
    if (value === null || value === undefined) continue;
    if (!isObject(value) || typeof value.apiVersion !== 'string' || typeof value.kind !== 'string' || !isObject(value.metadata)) {
      throw new Error(`${source}: a document without apiVersion, kind and metadata: ${JSON.stringify(value).slice(0, 200)}`);
    }
    if (typeof value.metadata.name !== 'string') throw new Error(`${source}: a ${value.kind} without metadata.name`);
    objects.push(value as K8sObject);
  }
  return objects;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `helm template` of the umbrella chart; rejects with helm's stderr when helm refuses. */
export async function renderUmbrella(options: RenderOptions = {}): Promise<{ objects: K8sObject[]; stderr: string }> {
  const { stdout, stderr } = await template(options);
  return { objects: parseManifests(stdout, `helm template ${describeOptions(options)}`), stderr };
}

/** What helm says when it refuses to render; throws if it rendered. */
export async function renderFailure(options: RenderOptions): Promise<string> {
  try {
    await template(options);
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    return stderr?.trim() || message;
  }
  throw new Error(`helm template ${describeOptions(options)} rendered, but it was expected to refuse`);
}

/** An example rendered: check-deploy.sh's render when there is one (the very manifests checkov scanned), else a fresh one. */
export async function renderExample(name: string): Promise<K8sObject[]> {
  const fromStage = process.env.DEPLOY_BUILD_DIR;
  if (fromStage) {
    const file = join(fromStage, 'rendered', `${name}.yaml`);
    const rendered = await readdir(join(fromStage, 'rendered'));
    if (!rendered.includes(`${name}.yaml`)) throw new Error(`check-deploy.sh did not render examples/${name}.yaml into ${file}`);
    return parseManifests(await readFile(file, 'utf8'), file);
  }
  return (await renderUmbrella({ valuesFiles: [exampleFile(name)] })).objects;
}

function describeOptions(options: RenderOptions): string {
  return [...(options.valuesFiles ?? []).map((file) => `-f ${file}`), ...(options.set ?? []).map((value) => `--set ${value}`)].join(' ');
}
