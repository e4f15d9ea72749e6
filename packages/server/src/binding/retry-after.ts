import type { A2AError } from '@baton/protocol';
import { retryAfterOf } from '../vocabulary/overload-error.ts';

/** The `Retry-After` header of an overload error (too many tasks or streams, shutting down), else none. */
export function retryAfterHeaders(error: A2AError): Readonly<Record<string, string>> | undefined {
  const seconds = retryAfterOf(error);
  return seconds === undefined ? undefined : { 'Retry-After': String(seconds) };
}
