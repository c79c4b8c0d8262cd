/**
 * Webhook write-to-receipt latency in the embedded mode (target: p50 ≤ 30 ms): `npm start` (scripts/start.ts:
 * every service in one process, PGlite, the in-process bus) on its own data directory and ports, the
 * demo designer's token, a receiver on loopback (SSRF_ALLOW_CIDRS, as in development) registered
 * through the gateway. BENCH_WRITES sequential component writes through the gateway, each waiting
 * for its signed POST to arrive before the next; p50/p99 against the target (p50 ≤ 30 ms), and when
 * the write's answer and the delivery each came. No server is needed.
 * Run: `npm run bench:webhook-embedded` (BENCH_WRITES to change the size; BENCH_CPU_PROF=<dir> profiles it).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callJson } from './support/bench-api.ts';
import { startEmbedded } from './support/embedded.ts';
import { LATENCY_HEADER, latencyRow, measure, quantile, type Sample } from './support/measure.ts';
import { ComponentArrivals } from './support/webhook-bench.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const TARGET_P50_MS = 30;

// The receiver: checks each delivery's signature once the secret is known, and wakes the write waiting for it.
let secret: string | undefined;
let badSignatures = 0;
// When the current write started, and when its answer and its delivery came, each from that start.
let writeStarted = 0;
const answeredMs: number[] = [];
const arrivedMs: number[] = [];
const arrivals = new ComponentArrivals();
const signedRight = (headers: IncomingHttpHeaders, body: Buffer): boolean =>
  headers['x-svc-signature'] ===
  `sha256=${createHmac('sha256', secret ?? '')
    .update(`${String(headers['x-svc-timestamp'])}.`)
    .update(body)
    .digest('hex')}`;
const receiver = createServer((incoming, answer) => {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    answer.end();
    const body = Buffer.concat(chunks);
    if (secret !== undefined && !signedRight(incoming.headers, body)) badSignatures += 1;
    const at = performance.now() - writeStarted;
    if (arrivals.arrivedIn(body)) arrivedMs.push(at);
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const embedded = await startEmbedded({
  SSRF_ALLOW_CIDRS: '127.0.0.1/32',
  // The gateway's default 120 writes a minute would turn a long run into 429s.
  RATE_LIMIT_WRITES_PER_MINUTE: '1000000000',
});
const api = (method: string, path: string, body: unknown): Promise<unknown> =>
  callJson(`${embedded.base}/api/v1${path}`, method, { authorization: `Bearer ${embedded.token}` }, body);

try {
  const hookUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hook`;
  ({ secret } = (await api('POST', '/webhooks', { url: hookUrl, events: ['components.changed'] })) as { secret: string });
  const projectId = ((await api('POST', '/projects', { name: 'Bench' })) as { data: { id: number } }).data.id;

  // A run ends when both the write's answer and its delivery have come: which came when is kept apart.
  const writeAndReceive = (name: string, timeoutMs = 10_000): Promise<void> =>
    arrivals.writeAndReceive(
      name,
      async () => {
        writeStarted = performance.now();
        await api('POST', `/projects/${String(projectId)}/components`, { type: 'card', component: { name } });
        answeredMs.push(performance.now() - writeStarted);
      },
      timeoutMs,
    );
  await writeAndReceive('first', 60_000);

  const latency = await measure(`component write → signed POST received (${String(WRITES)} sequential)`, WRITES, (round) =>
    writeAndReceive(`latency-${String(round)}-${randomUUID()}`),
  );
  // The first write and measure's two warm-up runs are not in `latency`: the last WRITES of each are.
  const answered: Sample = { label: '  the write answered (POST through the gateway)', ms: answeredMs.slice(-WRITES) };
  const arrived: Sample = { label: '  the signed POST arrived', ms: arrivedMs.slice(-WRITES) };
  const p50 = quantile(latency.ms, 0.5);
  console.log(
    `\nWrite-to-receipt latency in the embedded mode (npm start: one process, PGlite, in-process bus): gateway → catalog write → outbox → bus → webhook fan-out → signed POST at a loopback receiver (target: p50 ≤ ${String(TARGET_P50_MS)} ms)`,
  );
  console.log(`${LATENCY_HEADER} ${'× target p50'.padStart(13)}`);
  console.log(`${latencyRow(latency)} ${(p50 / TARGET_P50_MS).toFixed(2).padStart(13)}`);
  console.log('of which, each from the write sent (one process: the delivery does not wait for the answer)');
  console.log(latencyRow(answered));
  console.log(latencyRow(arrived));
  console.log(`deliveries with a bad signature: ${String(badSignatures)}`);
  if (badSignatures > 0) process.exitCode = 1;
} finally {
  await embedded.stop();
  receiver.closeAllConnections();
  receiver.close();
}
