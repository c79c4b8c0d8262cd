import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually, freePort } from '@boardsync/kit/testing';

/** An nginx of our own: one process on a loopback port, its configuration, pid and temp files in a directory of its own. */
export interface RunningNginx {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** Debian's nginx, installed by bench/support/nginx.sh when missing; its path. */
export function ensureNginx(): string {
  const script = fileURLToPath(new URL('nginx.sh', import.meta.url));
  return execFileSync('bash', [script, 'ensure'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

/**
 * `proxy_pass` of everything to `upstreamPort` on 127.0.0.1 over a keep-alive upstream pool, with
 * `headers` set on every proxied request (`proxy_set_header`). One worker, no master, no access log:
 * the leanest reverse proxy, to put the gateway's cost next to.
 */
export async function startNginx(binary: string, upstreamPort: number, headers: Record<string, string>): Promise<RunningNginx> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  const setHeaders = Object.entries(headers)
    .map(([name, value]) => `      proxy_set_header ${name} "${value}";`)
    .join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream catalog {
    server 127.0.0.1:${String(upstreamPort)};
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${String(port)};
    location / {
      proxy_pass http://catalog;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
${setHeaders}
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A benchmark that fails leaves no nginx behind.
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const cleanUp = (): void => {
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await eventually(async () => ((await fetch(`http://127.0.0.1:${String(port)}/healthz`).catch(() => undefined))?.ok ? true : undefined), 10_000, 'nginx');
  } catch (error) {
    process.off('exit', killOnExit);
    child.kill('SIGKILL');
    await exited;
    cleanUp();
    throw error;
  }
  if (child.pid === undefined) throw new Error('nginx has no pid');
  return {
    port,
    pid: child.pid,
    stop: async () => {
      // SIGQUIT: graceful shutdown.
      process.off('exit', killOnExit);
      child.kill('SIGQUIT');
      await exited;
      cleanUp();
    },
  };
}
