import { Server, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { Logger } from '../logger.ts';
import { takeCallerTraceContext } from '../telemetry/public-edge.ts';

export interface RunningServer {
  readonly server: Server;
  readonly port: number;
  readonly url: string;
  /** Stops accepting, lets in-flight requests finish (up to the drain timeout), then closes. */
  close(): Promise<void>;
}

/** A handler tried before the app: true when it took the request (and answers it), false to leave it to the app untouched. */
export type AheadOfApp = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface ServeOptions {
  host?: string;
  port: number;
  drainTimeoutMs?: number;
  ahead?: AheadOfApp | undefined;
  /** Requests come from outside (the gateway's public listener): a caller's trace headers start no trace of ours. */
  publicEdge?: boolean | undefined;
}

/** Takes each request's W3C trace headers off before tracing (which wraps `Server.prototype.emit`) reads them: telemetry/public-edge.ts. */
class PublicEdgeServer extends Server {
  override emit(event: string, ...args: unknown[]): boolean {
    if (event === 'request') takeCallerTraceContext(args[0] as IncomingMessage);
    return super.emit(event, ...args);
  }
}

export async function serve(app: Koa, { host = '127.0.0.1', port, drainTimeoutMs = 10_000, ahead, publicEdge = false }: ServeOptions): Promise<RunningServer> {
  const handle = app.callback();
  let draining = false;
  const listener: RequestListener = (request, response) => {
    // A keep-alive socket whose request finishes while we drain would hold close() open until the timeout.
    response.once('finish', () => {
      if (draining) request.socket.end();
    });
    if (ahead?.(request, response) !== true) void handle(request, response);
  };
  const server = publicEdge ? new PublicEdgeServer(listener) : new Server(listener);
  server.keepAliveTimeout = 65_000; // longer than common load-balancer idle timeouts
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      draining = true;
      const forced = setTimeout(() => {
        server.closeAllConnections();
      }, drainTimeoutMs);
      forced.unref();
      server.close(() => {
        clearTimeout(forced);
        resolve();
      });
      // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
      server.closeIdleConnections();
    });
    return closing;
  };
  return { server, port: address.port, url: `http://${shownHost}:${address.port}`, close };
}

/** Something to stop on shutdown, in the order given: servers first, then consumers, relays, producers, pools. */
export interface Closable {
  readonly name: string;
  close(): Promise<void>;
}

/** How long a process whose parts are all closed waits for its event loop to empty before it exits regardless. */
const EXIT_DRAIN_MS = 250;

/**
 * Exits with `code` once the event loop has emptied, or after EXIT_DRAIN_MS whatever is left. Not
 * `process.exit()` at once: that joins V8's background compile threads without running the main
 * thread's pending tasks, and one of them waiting for a main-thread GC then never ends — the process
 * hangs after everything closed (seen here in ~1 of 4 CI runs: the main thread in
 * `WorkerThreadsTaskRunner::Shutdown`, a `ConcurrentBaselineCompiler` job in
 * `CollectionBarrier::AwaitCollectionBackground`; nodejs/node#54918, open upstream). An exit from an
 * empty loop runs those tasks first, and a loop that idled for a moment has none left waiting.
 */
export function exitOnceDrained(code: number): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), EXIT_DRAIN_MS).unref();
}

/**
 * On SIGTERM or SIGINT: close each part in order, log what happened, and exit (`exitOnceDrained`). A
 * second signal exits at once. Returns a function that runs the same sequence (for tests and embedded mode).
 */
export function installGracefulShutdown(parts: Closable[], logger: Logger, exit: (code: number) => void = exitOnceDrained): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  const shutdown = (): Promise<void> => {
    stopping ??= (async () => {
      let failed = false;
      for (const part of parts) {
        try {
          await part.close();
          logger.info({ part: part.name }, 'closed');
        } catch (error) {
          failed = true;
          logger.error({ err: error, part: part.name }, 'close failed');
        }
      }
      exit(failed ? 1 : 0);
    })();
    return stopping;
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      logger.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    logger.info({ signal }, 'shutting down');
    void shutdown();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return shutdown;
}
