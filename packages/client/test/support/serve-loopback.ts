import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

/** A Hono app listening on 127.0.0.1 on a free port: a stand-in peer that answers fixed shapes. */
export interface LoopbackServer {
  readonly url: string;
  close(): void;
}

/** Serves `app` on loopback; resolves once it listens. */
export function serveLoopback(app: Hono): Promise<LoopbackServer> {
  return new Promise((resolve) => {
    const listener = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => listener.close() });
    });
  });
}
