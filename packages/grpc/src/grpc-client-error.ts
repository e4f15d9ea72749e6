/**
 * What a failed gRPC call means to a Baton client: the A2AError in its status details (the ErrorInfo reason
 * names it), else a client error for what went wrong on the way (UNAVAILABLE, a deadline, the caller aborting),
 * else the A2AError the status code stands for.
 */

import { A2AClientError } from '@baton/client';
import { A2AError, ERROR_INFO_TYPE, RPC_STATUS_NAMES } from '@baton/protocol';
import { type ServiceError, status } from '@grpc/grpc-js';
import { a2aProto } from './a2a-proto.ts';
import { STATUS_DETAILS_KEY } from './grpc-status.ts';

// The HTTP status of each gRPC code, as google.rpc maps them, for codes with no ErrorInfo.
const HTTP_STATUS: Readonly<Record<number, number>> = {
  [status.INVALID_ARGUMENT]: 400,
  [status.FAILED_PRECONDITION]: 400,
  [status.OUT_OF_RANGE]: 400,
  [status.UNAUTHENTICATED]: 401,
  [status.PERMISSION_DENIED]: 403,
  [status.NOT_FOUND]: 404,
  [status.ALREADY_EXISTS]: 409,
  [status.ABORTED]: 409,
  [status.RESOURCE_EXHAUSTED]: 429,
  [status.UNIMPLEMENTED]: 501,
  [status.UNAVAILABLE]: 503,
  [status.DEADLINE_EXCEEDED]: 504,
};

/** The google.rpc.Status details of an error as ProtoJSON `@type` objects (the ErrorInfo decoded). */
function detailsOf(error: ServiceError): Record<string, unknown>[] {
  const bytes = error.metadata?.get(STATUS_DETAILS_KEY)[0];
  if (!Buffer.isBuffer(bytes)) return [];
  try {
    const proto = a2aProto();
    const Status = proto.type('google.rpc.Status');
    const ErrorInfo = proto.type('google.rpc.ErrorInfo');
    const decoded = Status.toObject(Status.decode(bytes)) as {
      details?: { type_url?: string; value?: Uint8Array }[];
    };
    return (decoded.details ?? []).flatMap((detail) =>
      detail.type_url === ERROR_INFO_TYPE && detail.value
        ? [
            {
              '@type': ERROR_INFO_TYPE,
              ...(ErrorInfo.toObject(ErrorInfo.decode(detail.value)) as object),
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

/** The error a Baton client rejects with for a failed gRPC call; `aborted` when the caller's signal fired. */
export function fromGrpcError(error: ServiceError, method: string, aborted: boolean): Error {
  const details = detailsOf(error);
  if (details.length > 0) {
    const body = { error: { code: error.code, message: error.details, details } };
    return A2AError.fromRestStatus(HTTP_STATUS[error.code] ?? 500, body);
  }
  if (error.code === status.CANCELLED && aborted) {
    return new A2AClientError('ABORTED', `${method} was aborted`, { cause: error });
  }
  if (error.code === status.DEADLINE_EXCEEDED) {
    return new A2AClientError('TIMEOUT', `${method} timed out`, { cause: error });
  }
  if (error.code === status.UNAVAILABLE) {
    return new A2AClientError('NETWORK', `${method} could not reach the agent: ${error.details}`, {
      cause: error,
    });
  }
  const name = RPC_STATUS_NAMES[error.code] ?? 'UNKNOWN';
  return A2AError.fromRestStatus(HTTP_STATUS[error.code] ?? 500, {
    error: { code: error.code, status: name, message: error.details || name, details: [] },
  });
}
