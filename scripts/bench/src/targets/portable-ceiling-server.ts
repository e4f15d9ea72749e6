/**
 * Target on Bun or Deno: the ceiling's bare Hono app (ceiling-app.ts) on the runtime's own server, `Bun.serve`
 * or `Deno.serve`, the fastest way each serves a Hono app. Bun's per-connection idle timeout is off, as Baton's.
 */
import { announce, portFromEnv } from './announce.ts';
import { app } from './ceiling-app.ts';

type Fetch = (request: Request) => Response | Promise<Response>;
interface PortableGlobals {
  Bun?: {
    serve(options: { port: number; hostname: string; idleTimeout: number; fetch: Fetch }): { port: number };
  };
  Deno?: {
    serve(
      options: { port: number; hostname: string; onListen: (address: { port: number }) => void },
      handler: Fetch,
    ): unknown;
  };
}

const runtime = globalThis as PortableGlobals;
const hostname = '127.0.0.1';
const fetch: Fetch = (request) => app.fetch(request);
if (runtime.Bun) {
  const server = runtime.Bun.serve({ port: portFromEnv(), hostname, idleTimeout: 0, fetch });
  announce(`http://${hostname}:${server.port}`);
} else if (runtime.Deno) {
  runtime.Deno.serve(
    { port: portFromEnv(), hostname, onListen: ({ port }) => announce(`http://${hostname}:${port}`) },
    fetch,
  );
} else {
  throw new Error('portable-ceiling-server runs on Bun or Deno; on Node the ceiling is hono-target');
}
