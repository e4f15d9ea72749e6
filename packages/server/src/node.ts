import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { A2AServer } from './create-a2a-server.ts';

export { nodeResolveHost } from './push/node-resolve-host.ts';

/** Options of {@link startA2AServer}. */
export interface StartOptions {
  /** Port to listen on; default 0 (any free port). */
  readonly port?: number;
  /** Address to bind; default `127.0.0.1`. */
  readonly hostname?: string;
  /** How long running tasks may take to finish on `close()` before they are canceled; default 10 s. */
  readonly shutdownDeadlineMs?: number;
}

/** A listening A2A server. */
export interface RunningA2AServer {
  /** The base URL it listens on, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections, lets running tasks finish up to the deadline, then cancels them. */
  close(): Promise<void>;
}

/**
 * Serves an A2A server on Node with @hono/node-server. `close()` shuts down gracefully: the handler first
 * (running tasks finish or are canceled, streams end), then the listening socket.
 *
 * @example
 * const running = await startA2AServer(createA2AServer({ card, executor }), { port: 4000 });
 * process.on('SIGTERM', () => void running.close());
 */
export function startA2AServer(server: A2AServer, options: StartOptions = {}): Promise<RunningA2AServer> {
  const hostname = options.hostname ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const listener = serve(
      { fetch: server.fetch, port: options.port ?? 0, hostname },
      (info: AddressInfo) => {
        const host = hostname.includes(':') ? `[${hostname}]` : hostname;
        resolve({
          url: `http://${host}:${info.port}`,
          port: info.port,
          close: async () => {
            await server.shutdown({ deadlineMs: options.shutdownDeadlineMs ?? 10_000 });
            await new Promise<void>((done) => {
              listener.close(() => done());
              if ('closeAllConnections' in listener) listener.closeAllConnections();
            });
          },
        });
      },
    );
    listener.once('error', reject);
  });
}
