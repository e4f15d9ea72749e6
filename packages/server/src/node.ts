import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { A2AServer } from './create-a2a-server.ts';
import { ALREADY_SENT_ENV_KEY } from './sse/direct-sse-target.ts';
import { listeningUrl, type RunningA2AServer, type StartOptions } from './start-options.ts';

// The Response class of the platform, taken before @hono/node-server swaps in its own on `serve()`: the
// "already sent" answer of a directly written stream must be a platform Response, which node-server reads
// as "the handler wrote the answer itself" (its `x-hono-already-sent` header).
const PlatformResponse = globalThis.Response;
// node-server's own class derives from the platform's; the platform's derives from nothing.
const isPlatformResponse = Object.getPrototypeOf(PlatformResponse) === Function.prototype;
// One shared instance: node-server only reads its marker header, so what a middleware adds to it is never sent.
const ALREADY_SENT = new PlatformResponse(null, { headers: { 'x-hono-already-sent': 'true' } });
const alreadySent = () => ALREADY_SENT;

/** A Hono app's fetch, as @hono/node-server calls it. */
type NodeFetch = (request: Request, env: Record<string, unknown>) => Response | Promise<Response>;

/**
 * Lets the A2A bindings write SSE streams straight to the Node response: headers and the first events leave
 * in one write, and a fast stream in one. `startA2AServer` does this; wrap `fetch` yourself when you call
 * `serve()` from @hono/node-server directly. Elsewhere (other runtimes, `app.request()`) streams go through a
 * web `ReadableStream`. Returns `fetch` unchanged if the platform `Response` was replaced before this module
 * loaded (node-server's `serve()` already ran).
 *
 * @example
 * serve({ fetch: withDirectSse(app.fetch), port: 4000 });
 */
export function withDirectSse(fetch: NodeFetch): NodeFetch {
  if (!isPlatformResponse) return fetch;
  return (request, env) => {
    env[ALREADY_SENT_ENV_KEY] = alreadySent;
    return fetch(request, env);
  };
}

export { nodeResolveHost } from './push/node-push-network.ts';

export type { RunningA2AServer, StartOptions } from './start-options.ts';

/**
 * Serves an A2A server on Node with @hono/node-server. `close()` shuts down gracefully: the handler first
 * (running tasks finish or are canceled, streams end), then the listening socket.
 *
 * @example
 * const running = await startA2AServer(createA2AServer({ card, executor }), { port: 4000 });
 * process.on('SIGTERM', () => void running.close());
 */
export async function startA2AServer(
  server: A2AServer,
  options: StartOptions = {},
): Promise<RunningA2AServer> {
  const hostname = options.hostname ?? '127.0.0.1';
  // With a bus, other instances may forward requests as soon as this one takes tasks.
  await server.handler.ready();
  return new Promise((resolve, reject) => {
    const listener = serve(
      {
        fetch: withDirectSse(server.fetch as NodeFetch),
        port: options.port ?? 0,
        hostname,
      },
      (info: AddressInfo) => {
        resolve({
          url: listeningUrl(hostname, info.port),
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
