/**
 * `npm run soak`: the whole system under a design tool's mixed traffic for a while (60 s by
 * default, hours with --duration), at 70 % of the saturation it measures first, with webhook
 * deliveries to loopback receivers. Prints requests, errors, p50/p99, every process's RSS at start
 * and end and events written against delivered; exits 1 when a promise broke (an error other than
 * 429, RSS grown 10 % or more, an event missing). The summary is kept in bench/SOAK.md.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { processMemoryMb } from '../../bench/support/process-memory.ts';
import { ClusterUnderTest } from '../harness/cluster-under-test.ts';
import { DesignTool } from './design-tool.ts';
import { soakOptions } from './options.ts';
import { summarize } from './summary.ts';
import { openLoop, saturation } from './traffic.ts';

const RECORD = fileURLToPath(new URL('../../bench/SOAK.md', import.meta.url));
const OLD_SPACE_MB = 256;
const options = soakOptions(process.argv.slice(2));
const say = (line: string): void => void process.stdout.write(`[soak] ${line}\n`);
const cluster = new ClusterUnderTest();
const tools: DesignTool[] = [];

const memory = (): Map<string, number> => {
  const rows = new Map<string, number>();
  for (const replica of cluster.replicas()) rows.set(replica.name, processMemoryMb(replica.pid).rss);
  return rows;
};

try {
  say(`starting the cluster (${cluster.name})`);
  await cluster.start({
    replicas: options.replicas,
    // The point is the system's capacity, not one token's budget.
    env: {
      RATE_LIMIT_READS_PER_MINUTE: '10000000',
      RATE_LIMIT_WRITES_PER_MINUTE: '10000000',
      SSRF_ALLOW_CIDRS: '127.0.0.1/32',
      LOG_LEVEL: 'warn',
      // As a pod with a memory limit runs: V8 sizes its old space from the limit, not from this host's memory (docs/operations.md, Memory).
      NODE_OPTIONS: `--max-semi-space-size=2 --max-old-space-size=${String(OLD_SPACE_MB)}`,
    },
  });
  for (let index = 0; index < options.tools; index += 1) tools.push(await DesignTool.create(cluster, `soak tool ${String(index + 1)}`));
  say('measuring saturation (10 s, 16 requests in flight)');
  const saturated = await saturation(tools, 10_000);
  const rate = saturated * options.load;
  say(
    `saturation ${saturated.toFixed(0)} req/s; running at ${rate.toFixed(0)} req/s (${String(options.load * 100)} %): 10 s to warm up, then ${String(options.durationMs / 1000)} s`,
  );
  await openLoop(tools, rate, 10_000, false);
  const rssStart = memory();
  const startedAt = Date.now();
  const run = await openLoop(tools, rate, options.durationMs);
  const elapsedMs = Date.now() - startedAt;
  const rssEnd = memory();
  say('waiting for the last events');
  const written = (): number => tools.reduce((sum, tool) => sum + tool.writes, 0);
  const delivered = (): number => tools.reduce((sum, tool) => sum + tool.announced(), 0);
  for (const deadline = Date.now() + 60_000; delivered() < written() && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 500));
  const summary = summarize({
    run,
    elapsedMs,
    saturated,
    rate,
    rssStart,
    rssEnd,
    events: { written: written(), delivered: delivered(), duplicated: tools.reduce((sum, tool) => sum + tool.receiver.duplicates(), 0) },
  });
  process.stdout.write(`\n${summary.text}\n`);
  if (options.record) {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const machine = `${String(cpus().length)} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB`;
    writeFileSync(
      RECORD,
      `# Soak (npm run soak)\n\nThe latest run, kept by \`npm run soak\` itself: ${new Date().toISOString().slice(0, 10)}, commit ${commit}, ${machine}, ` +
        `replicas ${options.replicas || 'one of each service'}, ${String(options.tools)} tools, each service's old space capped at ${String(OLD_SPACE_MB)} MB as a pod's memory limit caps it.\n\n\`\`\`\n${summary.text}\n\`\`\`\n`,
    );
    say(`summary kept in ${RECORD}`);
  }
  process.exitCode = summary.passed ? 0 : 1;
} finally {
  await Promise.all(tools.map((tool) => tool.close().catch(() => undefined)));
  await cluster.stop();
}
