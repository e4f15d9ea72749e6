import { A2AClientError } from '../errors/client-error.ts';

/** Parses a response body as JSON; a body that is not JSON is a PROTOCOL error keeping the text as `cause`. */
export function parseJsonBody(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const preview = text.length > 80 ? `${text.slice(0, 80)}…` : text;
    throw new A2AClientError('PROTOCOL', `${what} is not JSON: ${JSON.stringify(preview)}`, {
      cause: { payload: text, error },
    });
  }
}

/**
 * Runs `decode` (a schema parse, maybe a translation) on what the peer sent; any failure becomes a PROTOCOL error
 * naming `what` and the problem, with the raw payload as `cause`.
 */
export function decodeShape<T>(what: string, raw: unknown, decode: (raw: unknown) => T): T {
  try {
    return decode(raw);
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^Invalid parameters: /, '') : String(error);
    throw new A2AClientError('PROTOCOL', `The agent sent an invalid ${what}: ${reason}`, { cause: raw });
  }
}
