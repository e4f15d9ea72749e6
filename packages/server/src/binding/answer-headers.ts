import type { Context } from 'hono';

const ANSWER_HEADERS_KEY = 'baton.answerHeaders';

/**
 * Adds headers this request's answer must carry. Middleware that adds headers to an answer after the handler
 * (the extension echo, CORS) also records them here, because a stream written straight to the socket has
 * left before middleware regains control: it writes {@link answerHeaders} itself.
 */
export function addAnswerHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  const known = answerHeaders(c);
  c.set(ANSWER_HEADERS_KEY as never, (known ? { ...known, ...headers } : headers) as never);
}

/** The headers recorded with {@link addAnswerHeaders} for this request, or `undefined`. */
export function answerHeaders(c: Context): Readonly<Record<string, string>> | undefined {
  return c.get(ANSWER_HEADERS_KEY as never) as Readonly<Record<string, string>> | undefined;
}
