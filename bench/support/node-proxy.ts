import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { IMAGE_MEMORY_ENV } from '../../tests/support/service-process.ts';

/**
 * The floor of a proxy written in Node: node:http in front, an undici keep-alive pool behind (the
 * gateway's own), the answer's headers copied and its body piped, `headers` set on every request as
 * nginx's proxy_set_header does. No auth, no rate limit, no logging: what Node's HTTP on both sides
 * of a proxy costs on this machine, to put the gateway's cost next to.
 */
const NODE_PROXY = `
import { createServer } from 'node:http';
import { Pool } from 'undici';
const [upstreamPort, extra] = [process.argv[1], JSON.parse(process.argv[2])];
const pool = new Pool('http://127.0.0.1:' + upstreamPort, { connections: 128, keepAliveTimeout: 30000 });
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);
const server = createServer((req, res) => {
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP.has(name)) headers[name] = value;
  Object.assign(headers, extra);
  pool.request({ path: req.url, method: req.method, headers }).then((up) => {
    res.statusCode = up.statusCode;
    for (const [name, value] of Object.entries(up.headers)) if (!HOP.has(name) || name === 'content-length') res.setHeader(name, value);
    up.body.on('error', () => res.destroy());
    up.body.pipe(res);
  }, () => { res.statusCode = 502; res.end(); });
});
server.keepAliveTimeout = 65000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

export async function startNodeProxy(upstreamPort: number, headers: Record<string, string>): Promise<{ port: number; pid: number; stop: () => Promise<void> }> {
  // As the services run (the images' memory settings), from the repository's root so that undici resolves.
  const child = spawn(process.execPath, ['--input-type=module', '-e', NODE_PROXY, String(upstreamPort), JSON.stringify(headers)], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { PATH: process.env.PATH ?? '', ...IMAGE_MEMORY_ENV },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const stop = async (): Promise<void> => {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  return { port: Number(line.toString().trim()), pid: child.pid ?? Number.NaN, stop };
}
