import { A2AError, type ProtocolVersion } from '@baton/protocol';
import { jsonRpcErrorResponse } from '../jsonrpc/json-rpc-responses.ts';
import { responseMediaType } from '../rest/response-media-type.ts';
import { restErrorResponse } from '../rest/rest-error-response.ts';
import type { AuthFailure } from './auth-failure.ts';

/** The binding a refused call arrived on, which decides the error body's format. */
export type AuthBinding = 'JSONRPC' | 'HTTP+JSON';

/**
 * The 401 / 403 answer to a refused call, in the binding's and version's error format, with the failure's
 * `WWW-Authenticate` challenges. JSON-RPC: a -32600 error (id `null`: the body is not read before
 * authentication) whose ErrorInfo reason is `UNAUTHENTICATED` / `PERMISSION_DENIED`; HTTP+JSON 1.0: a
 * google.rpc.Status with that status name; HTTP+JSON 0.3: the 0.3 error object.
 */
export function authFailureResponse(
  failure: AuthFailure,
  binding: AuthBinding,
  request: Request,
  version: ProtocolVersion,
): Response {
  const status = failure.kind === 'unauthenticated' ? 'UNAUTHENTICATED' : 'PERMISSION_DENIED';
  const error = A2AError.from('InvalidRequestError', { message: failure.message, reason: status });
  const headers: Record<string, string> =
    failure.challenges.length === 0 ? {} : { 'WWW-Authenticate': failure.challenges.join(', ') };
  if (binding === 'JSONRPC') {
    return jsonRpcErrorResponse(null, error, version, { status: failure.httpStatus, headers });
  }
  // The reason gives the REST answer its 401 / 403 and status name (A2AError.toRestStatus), as for any refusal.
  return restErrorResponse(error, { version, mediaType: responseMediaType(request, version), headers });
}
