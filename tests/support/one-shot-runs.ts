import pg from 'pg';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';

/**
 * Running `node src/main.ts <command>` as the images run it, for tests of the one-shot commands
 * (`migrate`, `create-topics`) and of the servers that expect them to have run.
 */

export const SECRET = (name: string): string => `${name}-`.padEnd(40, 'z');

type Run = ServiceProcess;

/** Every child started, so none outlives the file: a test that times out leaves its children to afterAll. */
const children = new Set<Run>();

export function start(service: string, args: string[], env: Record<string, string>): Run {
  const run = startServiceProcess(service, args, env);
  children.add(run);
  void run.exited.then(() => children.delete(run));
  return run;
}

/** Stops a child: SIGTERM, then SIGKILL if it is still there after a grace period. */
export async function stop(run: Run, graceMs = 10_000): Promise<void> {
  if (run.child.exitCode !== null || run.child.signalCode !== null) return;
  run.child.kill('SIGTERM');
  const forced = setTimeout(() => run.child.kill('SIGKILL'), graceMs);
  await run.exited;
  clearTimeout(forced);
}

/** A one-shot command's bound: far above what migrate or create-topics take, well below a test's timeout. */
const COMMAND_TIMEOUT_MS = 40_000;

/** Runs a command to its end (killed if it outlasts `timeoutMs`): its exit status and everything it wrote. */
export async function command(
  service: string,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = COMMAND_TIMEOUT_MS,
): Promise<{ status: number | null; output: string }> {
  const run = start(service, args, env);
  const deadline = { passed: false };
  const timer = setTimeout(() => {
    deadline.passed = true;
    run.child.kill('SIGKILL');
  }, timeoutMs);
  const status = await run.exited;
  clearTimeout(timer);
  if (deadline.passed) throw new Error(`${service} ${args.join(' ')} did not finish within ${String(timeoutMs)} ms; output:\n${run.output()}`);
  return { status, output: run.output() };
}

export function logLine(output: string, message: string): Record<string, unknown> {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const parsed = JSON.parse(line) as Record<string, unknown>;
    if (typeof parsed.msg === 'string' && parsed.msg.startsWith(message)) return parsed;
  }
  throw new Error(`no log line "${message}…" in:\n${output}`);
}

export async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Stops every child still running (a test's afterAll). */
export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((run) => stop(run, 5_000)));
}
