/**
 * A2A errors as gRPC statuses (spec §10.6): the status code from the error table's google.rpc code, the message
 * as the status details text, and a google.rpc.Status with an ErrorInfo (reason, domain, metadata) in the
 * `grpc-status-details-bin` trailer. Refused credentials are UNAUTHENTICATED or PERMISSION_DENIED.
 */

import {
  A2A_ERROR_DOMAIN,
  A2A_ERRORS,
  type A2AError,
  ERROR_INFO_TYPE,
  RPC_STATUS_NAMES,
} from '@baton/protocol';
import { isAuthFailure } from '@baton/server';
import { status as GrpcStatus, Metadata, type ServiceError } from '@grpc/grpc-js';
import { a2aProto } from './a2a-proto.ts';

/** The trailer that carries a serialized google.rpc.Status. */
export const STATUS_DETAILS_KEY = 'grpc-status-details-bin';

/** The numeric gRPC code of a google.rpc code name (the names are listed in code order). */
function codeOf(name: (typeof RPC_STATUS_NAMES)[number]): number {
  return RPC_STATUS_NAMES.indexOf(name);
}

function stringMetadata(metadata: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata ?? {})) {
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

function serviceError(code: number, message: string, trailer?: Metadata): ServiceError {
  const error = new Error(message) as ServiceError;
  error.code = code;
  error.details = message;
  error.metadata = trailer ?? new Metadata();
  return error;
}

/** The gRPC error a call answers with for an A2AError. */
export function a2aErrorToServiceError(error: A2AError): ServiceError {
  const row = A2A_ERRORS[error.name as keyof typeof A2A_ERRORS];
  const code = codeOf(row?.status ?? 'INTERNAL');
  const proto = a2aProto();
  const ErrorInfo = proto.type('google.rpc.ErrorInfo');
  const Status = proto.type('google.rpc.Status');
  const info = ErrorInfo.encode(
    ErrorInfo.fromObject({
      reason: error.reason || row?.reason || 'INTERNAL',
      domain: A2A_ERROR_DOMAIN,
      metadata: stringMetadata(error.metadata),
    }),
  ).finish();
  const details = Status.encode(
    Status.fromObject({
      code,
      message: error.message,
      // protobufjs's built-in google.protobuf.Any keeps the proto's field name.
      details: [{ type_url: ERROR_INFO_TYPE, value: info }],
    }),
  ).finish();
  const trailer = new Metadata();
  trailer.set(STATUS_DETAILS_KEY, Buffer.from(details));
  return serviceError(code, error.message, trailer);
}

/** The gRPC error for an authentication or authorization failure, or `undefined` for anything else. */
export function authFailureToServiceError(error: unknown): ServiceError | undefined {
  if (!isAuthFailure(error)) return undefined;
  const code = error.kind === 'unauthenticated' ? GrpcStatus.UNAUTHENTICATED : GrpcStatus.PERMISSION_DENIED;
  const trailer = new Metadata();
  for (const challenge of error.challenges) trailer.add('www-authenticate', challenge);
  return serviceError(code, error.message, trailer);
}
