/** What went wrong on this side of the wire (the server's own errors are `A2AError`s from `@baton/protocol`). */
export type ClientErrorCode =
  /** The call took longer than its timeout. */
  | 'TIMEOUT'
  /** The caller's AbortSignal fired. */
  | 'ABORTED'
  /** The server could not be reached, or the connection broke. */
  | 'NETWORK'
  /** The peer answered with something that breaks the protocol (bad JSON, wrong shape, oversized event). */
  | 'PROTOCOL'
  /** The agent card offers no interface this client speaks, or none is usable. */
  | 'NO_USABLE_INTERFACE'
  /** A card signature did not verify. */
  | 'SIGNATURE'
  /** What the caller passed cannot be sent (refused before any request, e.g. a send that is no message). */
  | 'INVALID_INPUT'
  /**
   * No credentials could be had: an authorization server refused (its OAuth error is in the message), or the app's
   * sign-in callback (`authorize`, `prompt`) failed.
   */
  | 'AUTHORIZATION';

/** A local failure of the client: timeout, abort, network, protocol violation. Always carries its `cause`. */
export class A2AClientError extends Error {
  /** Which kind of local failure this is. */
  readonly code: ClientErrorCode;

  constructor(code: ClientErrorCode, message: string, options?: { readonly cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'A2AClientError';
    this.code = code;
  }
}

/** Whether `value` is an {@link A2AClientError} (optionally of `code`). */
export function isA2AClientError(value: unknown, code?: ClientErrorCode): value is A2AClientError {
  return value instanceof A2AClientError && (code === undefined || value.code === code);
}
