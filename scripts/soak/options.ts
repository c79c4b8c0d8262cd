import { parseArgs } from 'node:util';

export interface SoakOptions {
  durationMs: number;
  /** Share of the measured saturation to run at. */
  load: number;
  tools: number;
  replicas: string;
  /** Where the summary is kept (committed: bench/SOAK.md); none with --no-record. */
  record: boolean;
}

const USAGE = `usage: npm run soak [-- --duration 60s] [--load 0.7] [--tools 4] [--replicas catalog=2,webhook=2] [--no-record]

Starts a cluster (start:cluster on the real servers), measures the saturation of a design tool's
mixed traffic through the gateway, then runs that traffic at --load of it for --duration (60 s;
e.g. 2h for hours) with webhook deliveries to loopback receivers, and prints: requests, errors,
p50/p99, every process's RSS at start and end, events written and delivered. Writes the summary to
bench/SOAK.md unless --no-record.`;

/** `90`, `90s`, `15m`, `2h` as milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)(s|m|h)?$/.exec(text.trim());
  if (!match) throw new Error(`--duration: "${text}" is not like 60s, 15m or 2h`);
  return Number(match[1]) * { s: 1_000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 's' | 'm' | 'h'];
}

export function soakOptions(argv: readonly string[]): SoakOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      duration: { type: 'string', default: '60s' },
      load: { type: 'string', default: '0.7' },
      tools: { type: 'string', default: '4' },
      replicas: { type: 'string', default: '' },
      'no-record': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  try {
    const load = Number(values.load);
    const tools = Number(values.tools);
    if (!(load > 0 && load <= 1)) throw new Error(`--load: ${values.load} is not a share between 0 and 1`);
    if (!Number.isInteger(tools) || tools < 1 || tools > 50) throw new Error(`--tools: ${values.tools} is not 1 to 50`);
    return { durationMs: parseDuration(values.duration), load, tools, replicas: values.replicas, record: !values['no-record'] };
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(64);
  }
}
