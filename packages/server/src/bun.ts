/**
 * Serving an A2A server on Bun: `startA2AServer` with the same options and result as on Node
 * (`@baton/server/node`), on `Bun.serve`.
 */
import type { A2AServer } from './create-a2a-server.ts';
import { listeningUrl, type RunningA2AServer, type StartOptions } from './start-options.ts';

export type { RunningA2AServer, StartOptions } from './start-options.ts';

// The part of Bun's API used here (this package does not depend on Bun's types).
interface BunServer {
  readonly port: number;
  stop(closeActiveConnections?: boolean): Promise<void>;
}
interface BunRuntime {
  serve(options: {
    port: number;
    hostname: string;
    idleTimeout: number;
    fetch: (request: Request) => Response | Promise<Response>;
  }): BunServer;
}

/**
 * Serves an A2A server with `Bun.serve`. Bun closes a connection after 10 s without a byte by default, which
 * would cut a blocking send or a quiet stream; this turns that timeout off (SSE streams send keep-alives).
 * `close()` shuts down like on Node: running tasks finish or are canceled, then the listener stops.
 *
 * @example
 * import { startA2AServer } from '@baton/server/bun';
 * const running = await startA2AServer(createA2AServer({ card, executor }), { port: 4000 });
 */
export async function startA2AServer(
  server: A2AServer,
  options: StartOptions = {},
): Promise<RunningA2AServer> {
  const bun = (globalThis as { Bun?: BunRuntime }).Bun;
  if (!bun) throw new Error('@baton/server/bun runs on Bun; on Node use @baton/server/node');
  const hostname = options.hostname ?? '127.0.0.1';
  await server.handler.ready();
  const listener = bun.serve({
    port: options.port ?? 0,
    hostname,
    idleTimeout: 0,
    fetch: (request) => server.fetch(request),
  });
  return {
    url: listeningUrl(hostname, listener.port),
    port: listener.port,
    close: async () => {
      await server.shutdown({ deadlineMs: options.shutdownDeadlineMs ?? 10_000 });
      await listener.stop(true);
    },
  };
}
