import type { Context } from 'hono';

type WaitUntil = (work: Promise<unknown>) => void;

/**
 * The call's `waitUntil`: hands background work to the request's execution context where the runtime gives one
 * (Cloudflare Workers, through Hono's `c.executionCtx`), so a task keeps running after its response is sent.
 * Elsewhere it does nothing: the context is looked up only when a task starts, as Hono throws when there is none.
 */
export function waitUntilOf(c: Context): WaitUntil {
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
