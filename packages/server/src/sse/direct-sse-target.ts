import type { Context } from 'hono';
import { answerHeaders } from '../binding/answer-headers.ts';

/** The slice of Node's `http.ServerResponse` (or `Http2ServerResponse`) the direct SSE writer uses. */
export interface NodeResponseLike {
  readonly headersSent: boolean;
  writeHead(status: number, headers: Record<string, string>): unknown;
  setHeader(name: string, value: string): unknown;
  write(chunk: string): boolean;
  end(chunk?: string): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

/** Where an SSE stream can be written straight to the socket, and what to hand the framework after that. */
export interface DirectSseTarget {
  readonly outgoing: NodeResponseLike;
  /** Makes the response that tells @hono/node-server the answer was already written. */
  readonly alreadySent: () => Response;
  /**
   * Headers middleware would add to the answer (the activated extensions, CORS): written here, since a direct
   * answer has left before middleware regains control.
   */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * The key under which `startA2AServer` puts, in each request's Hono env, the maker of @hono/node-server's
 * "already sent" response. Its presence, next to the env's `outgoing`, turns on direct SSE writing.
 */
export const ALREADY_SENT_ENV_KEY = 'batonAlreadySent';

/**
 * The direct SSE target of a request served by `startA2AServer` on @hono/node-server, or `undefined` anywhere
 * else (other runtimes, `app.request()` in tests, a Node server set up by hand): those get the
 * `ReadableStream` response.
 */
export function directSseTarget(c: Context): DirectSseTarget | undefined {
  const env = c.env as { outgoing?: NodeResponseLike; [ALREADY_SENT_ENV_KEY]?: () => Response } | undefined;
  const outgoing = env?.outgoing;
  const alreadySent = env?.[ALREADY_SENT_ENV_KEY];
  if (!outgoing || !alreadySent || outgoing.headersSent) return undefined;
  return { outgoing, alreadySent, headers: answerHeaders(c) };
}
