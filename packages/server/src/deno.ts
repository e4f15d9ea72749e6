/**
 * Serving an A2A server on Deno: `startA2AServer` with the same options and result as on Node
 * (`@baton/server/node`), on `Deno.serve`.
 */
import type { A2AServer } from './create-a2a-server.ts';
import { listeningUrl, type RunningA2AServer, type StartOptions } from './start-options.ts';

export type { RunningA2AServer, StartOptions } from './start-options.ts';

// The part of Deno's API used here (this package does not depend on Deno's types).
interface DenoHttpServer {
  readonly finished: Promise<void>;
  shutdown(): Promise<void>;
}
interface DenoRuntime {
  serve(
    options: { port: number; hostname: string; onListen: (address: { port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): DenoHttpServer;
}

/**
 * Serves an A2A server with `Deno.serve`. Needs `--allow-net` (and `--allow-env` / `--allow-read` for what
 * the app reads). `close()` shuts down like on Node: running tasks finish or are canceled, then the listener
 * stops.
 *
 * @example
 * import { startA2AServer } from '@baton/server/deno';
 * const running = await startA2AServer(createA2AServer({ card, executor }), { port: 4000 });
 */
export async function startA2AServer(
  server: A2AServer,
  options: StartOptions = {},
): Promise<RunningA2AServer> {
  const deno = (globalThis as { Deno?: DenoRuntime }).Deno;
  if (!deno) throw new Error('@baton/server/deno runs on Deno; on Node use @baton/server/node');
  const hostname = options.hostname ?? '127.0.0.1';
  await server.handler.ready();
  let listener: DenoHttpServer | undefined;
  const port = await new Promise<number>((resolve) => {
    listener = deno.serve(
      { port: options.port ?? 0, hostname, onListen: (address) => resolve(address.port) },
      (request) => server.fetch(request),
    );
  });
  return {
    url: listeningUrl(hostname, port),
    port,
    close: async () => {
      await server.shutdown({ deadlineMs: options.shutdownDeadlineMs ?? 10_000 });
      await listener?.shutdown();
    },
  };
}
