import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, copyFile, lstat, mkdir, readdir, readlink, symlink } from 'node:fs/promises';
import path from 'node:path';
import { contextRules, type ContextRules } from './dockerfile-ignore.ts';
import { execForm, expand, pairs, words, type Dockerfile, type Instruction, type Stage } from './dockerfile.ts';

/**
 * docker/Dockerfile replayed without a container engine: each stage's file system is a folder,
 * COPY copies from the build context (as .dockerignore filters it) or from an earlier stage's
 * folder, RUN runs its command with `sh -c` in the stage's WORKDIR with the stage's ARG and ENV
 * values (as the stage's USER when the replay runs as root), and the rest (ENV, USER, ENTRYPOINT,
 * …) is what the final stage's image would say.
 * FROM an outside image starts from an empty folder: RUN uses this machine's node and npm, which
 * the caller makes the image's (the test checks the versions agree).
 */
export interface BuiltImage {
  /** The final stage's file system. */
  root: string;
  /** Absolute inside the image; `path.join(root, workdir)` on this machine. */
  workdir: string;
  env: Record<string, string>;
  user: string | undefined;
  entrypoint: string[];
  cmd: string[];
  /** ENTRYPOINT followed by CMD: what the container runs. Arguments given to it (Kubernetes `args`) replace CMD. */
  command: string[];
  healthcheck: { command: string[]; options: Record<string, string> } | undefined;
  stopSignal: string | undefined;
  exposed: string[];
  labels: Record<string, string>;
  /** The stage folders, by stage name (for looking at what an earlier stage left). */
  stages: Map<string, string>;
}

interface BuildOptions {
  context: string;
  buildArgs: Record<string, string>;
  /** An empty folder; one subfolder per stage is made in it. */
  into: string;
  /** PATH for RUN: where node and npm are found. */
  path: string;
}

interface StageState {
  root: string;
  globals: ReadonlyMap<string, string>;
  workdir: string;
  env: Map<string, string>;
  args: Map<string, string>;
  user: string | undefined;
  entrypoint: string[] | undefined;
  cmd: string[] | undefined;
  cmdFromParent: boolean;
  healthcheck: BuiltImage['healthcheck'];
  stopSignal: string | undefined;
  exposed: string[];
  labels: Record<string, string>;
}

const where = (instruction: Instruction): string => `docker/Dockerfile line ${String(instruction.line)}`;

/**
 * Everything in the context under `source` that .dockerignore lets in, copied to `target` (links
 * as links). A source with nothing let in is not found, as it is not in the context a builder gets.
 */
async function copyFromContext(context: string, rules: ContextRules, source: string, target: string, instruction: Instruction): Promise<void> {
  const relative = path.posix.normalize(source).replace(/^\/+/, '').replace(/\/+$/, '');
  const files = await contextFiles(context, rules, relative);
  if (files.length === 0) throw new Error(`${where(instruction)}: COPY ${source}: not found in the build context (.dockerignore lets nothing of it in)`);
  const isDirectory = (await lstat(path.join(context, relative))).isDirectory();
  for (const file of files) {
    const to = isDirectory ? path.join(target, path.posix.relative(relative, file)) : target;
    await mkdir(path.dirname(to), { recursive: true });
    const from = path.join(context, file);
    if ((await lstat(from)).isSymbolicLink()) await symlink(await readlink(from), to);
    else await copyFile(from, to);
  }
}

/** The files (and links) at or under `relative` that .dockerignore lets in. */
export async function contextFiles(context: string, rules: ContextRules, relative: string): Promise<string[]> {
  const stats = await lstat(path.join(context, relative)).catch(() => undefined);
  if (!stats) return [];
  if (!stats.isDirectory()) return rules.excluded(relative) ? [] : [relative];
  if (relative !== '.' && rules.excluded(relative) && !rules.mayIncludeUnder(relative)) return [];
  const found: string[] = [];
  for (const entry of await readdir(path.join(context, relative)))
    found.push(...(await contextFiles(context, rules, relative === '.' ? entry : `${relative}/${entry}`)));
  return found;
}

const closed = (child: ChildProcess): Promise<number | null> => new Promise((resolve, reject) => child.on('error', reject).on('close', resolve));

/**
 * `cp -al`: files hard-linked, links as links, modes kept. No RUN of docker/Dockerfile edits a file
 * it inherited (each makes new ones), so stages may share them; copying node_modules four times per
 * image was most of the replay's time.
 */
async function copyTree(from: string, to: string): Promise<void> {
  const child = spawn('cp', ['-al', from, to], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await closed(child);
  if (code !== 0) throw new Error(`cp -al ${from} ${to}: ${errors}`);
}

/** RUN's user: the stage's USER when this machine lets us switch to it (as root), else whoever runs the replay. */
function runAs(user: string | undefined): { uid: number; gid: number } | undefined {
  const match = /^(\d+)(?::(\d+))?$/.exec(user ?? '');
  if (!match || process.getuid?.() !== 0) return undefined;
  return { uid: Number(match[1]), gid: Number(match[2] ?? match[1]) };
}

async function run(command: string, cwd: string, env: Record<string, string>, user: string | undefined, instruction: Instruction): Promise<void> {
  const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], ...runAs(user) });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await closed(child);
  if (code !== 0) throw new Error(`${where(instruction)}: RUN exited ${String(code)}:\n${output}`);
}

/** `ARG NAME[=default] …`: the build argument given, else the default, else `inherited`; a name with none of them stays unset. */
function declareArgs(
  instruction: Instruction,
  into: Map<string, string>,
  buildArgs: Record<string, string>,
  inherited: (name: string) => string | undefined,
  vars: ReadonlyMap<string, string>,
): void {
  for (const word of words(instruction.args)) {
    const [name = '', fallback] = word.split(/=(.*)/s);
    const value = buildArgs[name] ?? (fallback === undefined ? inherited(name) : expand(fallback, vars));
    if (value !== undefined) into.set(name, value);
  }
}

function variables(state: StageState): Map<string, string> {
  return new Map([...state.args, ...state.env]);
}

async function apply(instruction: Instruction, state: StageState, options: BuildOptions, rules: ContextRules, stages: Map<string, string>): Promise<void> {
  const vars = variables(state);
  const inImage = (target: string): string => path.join(state.root, path.posix.resolve(state.workdir, target));
  switch (instruction.keyword) {
    case 'ARG':
      // A stage sees a global ARG only by declaring it again (without a value it keeps the global's).
      declareArgs(instruction, state.args, options.buildArgs, (name) => state.globals.get(name), vars);
      return;
    case 'ENV':
      for (const [name, value] of pairs(instruction)) state.env.set(name, expand(value, variables(state)));
      return;
    case 'LABEL':
      for (const [name, value] of pairs(instruction)) state.labels[name] = expand(value, vars);
      return;
    case 'WORKDIR':
      state.workdir = path.posix.resolve(state.workdir, expand(instruction.args, vars));
      await mkdir(path.join(state.root, state.workdir), { recursive: true });
      return;
    case 'USER':
      state.user = expand(instruction.args, vars);
      return;
    case 'EXPOSE':
      state.exposed.push(...words(expand(instruction.args, vars)));
      return;
    case 'STOPSIGNAL':
      state.stopSignal = expand(instruction.args, vars);
      return;
    case 'ENTRYPOINT':
      state.entrypoint = execForm(instruction);
      // As Docker: an ENTRYPOINT set here drops a CMD inherited from the stage below.
      if (state.cmdFromParent) [state.cmd, state.cmdFromParent] = [[], false];
      return;
    case 'CMD':
      [state.cmd, state.cmdFromParent] = [execForm(instruction), false];
      return;
    case 'HEALTHCHECK': {
      const match = /^CMD\s+(.*)$/s.exec(instruction.args);
      if (!match?.[1]) throw new Error(`${where(instruction)}: HEALTHCHECK CMD [...] is the form the replay understands`);
      const healthOptions = Object.fromEntries([...instruction.flags].map(([name, values]) => [name, values.join(',')]));
      state.healthcheck = { command: execForm(instruction, match[1]), options: healthOptions };
      return;
    }
    case 'RUN': {
      for (const mount of instruction.flags.get('mount') ?? []) {
        // A cache only makes a rebuild faster; any other mount would change what RUN sees.
        if (!mount.split(',').includes('type=cache')) throw new Error(`${where(instruction)}: RUN --mount=${mount} is not one the replay can give`);
      }
      // It runs on this machine, not in a container: a path outside the stage folder would be this machine's.
      if (/(^|[\s=;&|'"])\/(?!dev\/null)/.test(instruction.args))
        throw new Error(`${where(instruction)}: RUN names an absolute path; use one relative to WORKDIR`);
      const env = { ...process.env, ...Object.fromEntries(vars), PATH: options.path };
      await run(instruction.args, path.join(state.root, state.workdir), env, state.user, instruction);
      return;
    }
    case 'COPY': {
      const parts = (instruction.args.startsWith('[') ? execForm(instruction) : words(instruction.args)).map((part) => expand(part, vars));
      const destination = parts.pop();
      if (destination === undefined || parts.length === 0) throw new Error(`${where(instruction)}: COPY <src>... <dest>`);
      if (parts.length > 1 && !destination.endsWith('/')) throw new Error(`${where(instruction)}: COPY of several sources needs a destination ending in /`);
      const stageName = instruction.flags.get('from')?.[0];
      const stageRoot = stageName === undefined ? undefined : stages.get(expand(stageName, vars));
      if (stageName !== undefined && stageRoot === undefined) throw new Error(`${where(instruction)}: COPY --from=${stageName}: no such earlier stage`);
      for (const source of parts) {
        if (/[*?[]/.test(source)) throw new Error(`${where(instruction)}: COPY ${source}: wildcards are not replayed`);
        const target = destination.endsWith('/') ? inImage(path.posix.join(destination, '.')) : inImage(destination);
        if (stageRoot === undefined) {
          const isDirectory = (await lstat(path.join(options.context, source)).catch(() => undefined))?.isDirectory() ?? false;
          await copyFromContext(
            options.context,
            rules,
            source,
            isDirectory || !destination.endsWith('/') ? target : path.join(target, path.basename(source)),
            instruction,
          );
        } else {
          const from = path.join(stageRoot, path.posix.resolve('/', source));
          const stats = await lstat(from).catch(() => undefined);
          if (!stats) throw new Error(`${where(instruction)}: COPY --from=${String(stageName)} ${source}: not found in that stage`);
          const into = stats.isDirectory() || !destination.endsWith('/') ? target : path.join(target, path.basename(source));
          await mkdir(stats.isDirectory() ? into : path.dirname(into), { recursive: true });
          await copyTree(stats.isDirectory() ? `${from}/.` : from, into);
        }
      }
      return;
    }
    default:
      throw new Error(`${where(instruction)}: ${instruction.keyword} is not replayed`);
  }
}

/** Builds the final stage (the default target) of `dockerfile` with `buildArgs`; throws where a builder would fail. */
export async function buildImage(dockerfile: Dockerfile, dockerignore: string, options: BuildOptions): Promise<BuiltImage> {
  const rules = contextRules(dockerignore);
  const globals = new Map<string, string>();
  for (const instruction of dockerfile.globalArgs) declareArgs(instruction, globals, options.buildArgs, () => undefined, globals);
  const stages = new Map<string, string>();
  const states = new Map<string, StageState>();
  let state: StageState | undefined;
  for (const stage of dockerfile.stages) {
    state = await startStage(stage, globals, states, options.into);
    for (const instruction of stage.instructions) await apply(instruction, state, options, rules, stages);
    stages.set(stage.name, state.root);
    states.set(stage.name, state);
  }
  if (!state) throw new Error('docker/Dockerfile has no stage');
  if (!state.entrypoint && !state.cmd)
    throw new Error('the final stage names no ENTRYPOINT or CMD of its own: the base image’s would run, which the replay cannot');
  return {
    root: state.root,
    workdir: state.workdir,
    env: Object.fromEntries(state.env),
    user: state.user,
    entrypoint: state.entrypoint ?? [],
    cmd: state.cmd ?? [],
    command: [...(state.entrypoint ?? []), ...(state.cmd ?? [])],
    healthcheck: state.healthcheck,
    stopSignal: state.stopSignal,
    exposed: state.exposed,
    labels: state.labels,
    stages,
  };
}

async function startStage(stage: Stage, globals: Map<string, string>, states: Map<string, StageState>, into: string): Promise<StageState> {
  const root = path.join(into, stage.name);
  const parent = states.get(expand(stage.from, globals));
  if (parent) {
    await mkdir(root);
    await copyTree(`${parent.root}/.`, root);
    return {
      ...parent,
      root,
      globals,
      env: new Map(parent.env),
      args: new Map(),
      cmdFromParent: true,
      exposed: [...parent.exposed],
      labels: { ...parent.labels },
    };
  }
  await mkdir(root, { recursive: true });
  await chmod(root, 0o755);
  return {
    root,
    globals,
    workdir: '/',
    env: new Map(),
    args: new Map(),
    user: undefined,
    entrypoint: undefined,
    cmd: undefined,
    cmdFromParent: false,
    healthcheck: undefined,
    stopSignal: undefined,
    exposed: [],
    labels: {},
  };
}
