/**
 * Target: the ceiling, the fastest honest server. A bare Hono app on @hono/node-server that parses the JSON-RPC
 * body and answers a fixed result: a completed task, or for a stream the same events as SSE frames. It serializes
 * each event of a stream per request (work every server must do) and writes them the way the fastest Node server
 * would: all in one write, not one `ReadableStream` chunk per frame. No A2A logic at all.
 */
import { serve } from '@hono/node-server';
import { announce, portFromEnv } from './announce.ts';
import { app } from './ceiling-app.ts';

serve({ fetch: app.fetch, port: portFromEnv(), hostname: '127.0.0.1' }, (info) => {
  announce(`http://127.0.0.1:${info.port}`);
});
