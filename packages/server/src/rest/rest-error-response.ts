import { A2AError, JSON_MEDIA_TYPE, type ProtocolVersion, type RpcStatusName } from '@baton/protocol';
import type { RestMethod } from './rest-routes.ts';

/** An HTTP status outside the error table, with the google.rpc code name a 1.0 body gives it. */
export interface StatusOverride {
  readonly httpStatus: number;
  readonly status: RpcStatusName;
}

/** The status line and JSON body of an error in one version's format. */
export interface RestErrorBody {
  readonly httpStatus: number;
  readonly body: unknown;
}

/**
 * An error in a version's HTTP+JSON format: 1.0 a google.rpc.Status body with the ErrorInfo (spec §11.6, v1.0.1
 * HTTP statuses), 0.3 the 0.3 error object `{code, message, data?}` as a2a-js 0.3 peers read it. `override`
 * replaces the table's HTTP status (and the 1.0 body's `code` and `status`) for the binding's own 405, 415 and 503.
 */
export function restErrorBody(
  error: A2AError,
  version: ProtocolVersion,
  override?: StatusOverride,
): RestErrorBody {
  if (version === '0.3') {
    const { httpStatus, body } = error.toRestStatusV03();
    return { httpStatus: override?.httpStatus ?? httpStatus, body };
  }
  const { httpStatus, body } = error.toRestStatus();
  if (override === undefined) return { httpStatus, body };
  const status = { ...body.error, code: override.httpStatus, status: override.status };
  return { httpStatus: override.httpStatus, body: { error: status } };
}

/** Options of {@link restErrorResponse}. */
export interface RestErrorResponseOptions {
  readonly version: ProtocolVersion;
  readonly mediaType?: string;
  readonly override?: StatusOverride;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The JSON `Response` of an error in a version's HTTP+JSON format. */
export function restErrorResponse(error: A2AError, options: RestErrorResponseOptions): Response {
  const { httpStatus, body } = restErrorBody(error, options.version, options.override);
  return new Response(JSON.stringify(body), {
    status: httpStatus,
    headers: { 'Content-Type': options.mediaType ?? JSON_MEDIA_TYPE, ...options.headers },
  });
}

/**
 * 404 for a path no route of the version matches: a -32601 MethodNotFound naming the method and path, and the
 * version whose routes it does match, if any (a 1.0 client that forgot `A2A-Version` is read as 0.3).
 */
export function routeNotFoundError(
  method: string,
  path: string,
  version: ProtocolVersion,
  routeOf?: ProtocolVersion,
): A2AError {
  const hint = routeOf ? ` (it is an A2A ${routeOf} route: send A2A-Version: ${routeOf})` : '';
  return A2AError.from('MethodNotFoundError', {
    message: `No A2A ${version} HTTP+JSON route for ${method} ${path}${hint}`,
    metadata: { method, path },
  });
}

/** 405 for a route that does not take the method: a MethodNotFound naming the methods it takes. */
export function methodNotAllowedError(method: string, path: string, allow: readonly RestMethod[]): A2AError {
  return A2AError.from('MethodNotFoundError', {
    message: `${method} is not allowed on ${path}; allowed: ${allow.join(', ')}`,
    metadata: { method, path, allow: allow.join(', ') },
  });
}

/** The status of a 405: google.rpc `UNIMPLEMENTED`, as gRPC transcoding answers a method a path lacks. */
export const METHOD_NOT_ALLOWED: StatusOverride = { httpStatus: 405, status: 'UNIMPLEMENTED' };

/**
 * 415 for a body that is not JSON. ContentTypeNotSupported (-32005) is about message parts, so this is a
 * -32600 InvalidRequest (google.rpc `INVALID_ARGUMENT`) naming the content type.
 */
export function unsupportedMediaTypeError(contentType: string): A2AError {
  return A2AError.from('InvalidRequestError', {
    message: `Unsupported Content-Type "${contentType}": send application/json or application/a2a+json`,
    metadata: { contentType },
  });
}

/** The status of a 415. */
export const UNSUPPORTED_MEDIA_TYPE: StatusOverride = { httpStatus: 415, status: 'INVALID_ARGUMENT' };

/** The status of an overload error (too many tasks or streams, shutting down): 503, google.rpc `UNAVAILABLE`. */
export const UNAVAILABLE: StatusOverride = { httpStatus: 503, status: 'UNAVAILABLE' };
