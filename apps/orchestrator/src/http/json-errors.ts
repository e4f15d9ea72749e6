import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** The body of every error the runs API answers with. */
export interface ApiErrorBody {
  readonly error: { readonly code: string; readonly message: string };
}

/** Answers with `{ error: { code, message } }` and the status. */
export function jsonError(c: Context, status: ContentfulStatusCode, code: string, message: string): Response {
  return c.json({ error: { code, message } } satisfies ApiErrorBody, status);
}

/** Names every field a zod schema rejected: `topic: Invalid input: expected string, received number`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length === 0 ? 'body' : issue.path.join('.')}: ${issue.message}`)
    .join('; ');
}

/** Reads a JSON body and validates it; returns the value, or the 400 response naming what was wrong. */
export async function readJsonBody<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<{ readonly value: z.output<Schema> } | { readonly response: Response }> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return { response: jsonError(c, 400, 'INVALID_JSON', 'The request body must be a JSON object') };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { response: jsonError(c, 400, 'INVALID_BODY', describeZodError(parsed.error)) };
  return { value: parsed.data };
}

/** Seconds a caller waits before trying again while the run records cannot be reached. */
export const STORE_RETRY_AFTER_SECONDS = 2;

/** 503 STORE_UNAVAILABLE with `Retry-After`: the run records cannot be reached now; nothing was taken. */
export function storeUnavailable(c: Context): Response {
  c.header('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
  return jsonError(
    c,
    503,
    'STORE_UNAVAILABLE',
    'The run records cannot be reached right now; nothing was taken. Try again shortly.',
  );
}
