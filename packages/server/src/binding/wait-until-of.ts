import type { Context } from 'hono';

type WaitUntil = (work: Promise<unknown>) => void;

/**
 * The call's `waitUntil`: hands background work to the request's execution context where the runtime gives one
 * (Cloudflare Workers, through Hono's `c.executionCtx`), so a task keeps running after its response is sent.
 * `undefined` where there can be none: requests served without an environment (Bun's and Deno's
 * `startA2AServer`) or by @hono/node-server (whose environment is the Node request and response), so nothing
 * is kept alive for them (no timer for a task waiting for input). For the rest the context is looked up only
 * when a task starts, as Hono throws when there is none.
 */
export function waitUntilOf(c: Context): WaitUntil | undefined {
  const env = c.env as Record<string, unknown> | undefined;
  if (env == null || typeof env !== 'object' || 'incoming' in env) return undefined;
  return (work) => {
    let context: { waitUntil(work: Promise<unknown>): void } | undefined;
    try {
      context = c.executionCtx;
    } catch {
      return;
    }
    context.waitUntil(work);
  };
}
