import * as z from 'zod/mini';
import { isJsonObject } from '../wire/is-json-object.ts';
import type { A2AErrorInit } from './a2a-error.ts';
import { A2A_ERROR_DOMAIN, A2A_ERRORS, type A2AErrorName, errorByReason } from './error-codes.ts';
import {
  BAD_REQUEST_TYPE,
  type ErrorDetail,
  ErrorDetailSchema,
  ErrorInfoSchema,
  JsonRpcErrorObjectSchema,
} from './error-wire.ts';

/**
 * Turns error payloads from any peer into the parts of an A2AError. Never throws: whatever cannot be
 * understood becomes an InternalError that keeps the raw payload as its `cause`.
 */

/**
 * What an HTTP status alone says when the body names no reason. 409/415/422/501/502 are what a2a-python
 * 0.3 and the v1.0.0 table used; 404 is read as TaskNotFound because every A2A REST resource lives under
 * `/tasks` (a 1.0 peer sends an ErrorInfo anyway).
 */
const ERROR_BY_HTTP_STATUS: Readonly<Record<number, A2AErrorName>> = {
  400: 'InvalidRequestError',
  404: 'TaskNotFoundError',
  405: 'MethodNotFoundError',
  409: 'TaskNotCancelableError',
  415: 'ContentTypeNotSupportedError',
  422: 'InvalidParamsError',
  500: 'InternalError',
  501: 'UnsupportedOperationError',
  502: 'InvalidAgentResponseError',
};

/** The reason/metadata taken from an ErrorInfo plus the remaining details. */
interface DetailParts {
  reason?: string;
  metadata?: Record<string, string>;
  details: ErrorDetail[];
}

const MALFORMED_MESSAGE = 'Malformed error payload received from peer';

/** Reads a JSON-RPC error object, or a whole error response carrying one. */
export function decodeJsonRpcError(value: unknown): A2AErrorInit {
  const candidate =
    isJsonObject(value) && isJsonObject(value.error) && 'jsonrpc' in value ? value.error : value;
  const parsed = JsonRpcErrorObjectSchema.safeParse(candidate);
  if (!parsed.success) return salvage(candidate);
  const { code, message, data } = parsed.data;
  const parts = Array.isArray(data)
    ? splitDetails(data)
    : isJsonObject(data)
      ? decodeV03Data(data)
      : { details: [] };
  const reason = parts.reason === undefined ? undefined : canonicalReason(parts.reason, code);
  return { ...parts, code, message, ...(reason === undefined ? {} : { reason }) };
}

/** Reads an HTTP+JSON error response: google.rpc.Status, a bare JSON-RPC-style object, or `{ message }`. */
export function decodeRestStatus(httpStatus: number, body: unknown): A2AErrorInit {
  const fallback = A2A_ERRORS[ERROR_BY_HTTP_STATUS[httpStatus] ?? 'InternalError'];
  const status = readStatus(body);
  const refusal = REFUSAL_BY_HTTP_STATUS.get(httpStatus);
  if (status) {
    const { reason, metadata, details } = splitDetails(status.details);
    const known = reason === undefined ? undefined : errorByReason(reason);
    const hasBadRequest = details.some((d) => d['@type'] === BAD_REQUEST_TYPE);
    // Some 0.3 servers wrap a JSON-RPC error object as `{ error: { code: -32001, … } }`.
    const rpcCode = status.code !== undefined && status.code < 0 ? status.code : undefined;
    // A refused credential without an A2A ErrorInfo (a gateway's 401, a gRPC UNAUTHENTICATED) is still one.
    const refused =
      known === undefined && reason === undefined && rpcCode === undefined ? refusal : undefined;
    const code =
      known?.code ??
      rpcCode ??
      (refused ? A2A_ERRORS.InvalidRequestError.code : undefined) ??
      (hasBadRequest ? A2A_ERRORS.InvalidParamsError.code : fallback.code);
    return {
      code,
      ...(status.message ? { message: status.message } : {}),
      ...(known
        ? { reason: known.reason }
        : reason !== undefined
          ? { reason }
          : refused
            ? { reason: refused }
            : {}),
      ...(metadata ? { metadata } : {}),
      details,
    };
  }
  // a2a-js 0.3 compat sends the JSON-RPC error object itself as the REST body.
  if (isJsonObject(body) && typeof body.code === 'number' && body.code < 0) return decodeJsonRpcError(body);
  const message = isJsonObject(body) ? firstString(body.message, body.error, body.detail) : undefined;
  if (refusal) {
    return {
      code: A2A_ERRORS.InvalidRequestError.code,
      reason: refusal,
      ...(message ? { message } : {}),
      cause: body,
    };
  }
  return { code: fallback.code, ...(message ? { message } : {}), cause: body };
}

/** HTTP statuses that say a credential was refused, and the ErrorInfo reason Baton gives such a refusal. */
const REFUSAL_BY_HTTP_STATUS: ReadonlyMap<number, string> = new Map([
  [401, 'UNAUTHENTICATED'],
  [403, 'PERMISSION_DENIED'],
]);

const LenientStatusSchema = z.object({
  code: z.catch(z.optional(z.number().check(z.int())), undefined),
  message: z.catch(z.optional(z.string()), undefined),
  details: z.catch(z.array(z.unknown()), []),
});

/** The google.rpc.Status inside `{ error: … }` (or unwrapped with `details`); null when absent. */
function readStatus(body: unknown): z.infer<typeof LenientStatusSchema> | null {
  if (!isJsonObject(body)) return null;
  const wrapped = isJsonObject(body.error) ? body.error : undefined;
  const candidate = wrapped ?? (Array.isArray(body.details) ? body : undefined);
  if (candidate === undefined) return null;
  const parsed = LenientStatusSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** Picks the A2A ErrorInfo out of a detail list; the rest stay details. */
function splitDetails(entries: readonly unknown[]): DetailParts {
  const details: ErrorDetail[] = [];
  for (const entry of entries) {
    const detail = ErrorDetailSchema.safeParse(entry);
    if (detail.success) details.push(detail.data);
  }
  const infos = details.map((d) => ErrorInfoSchema.safeParse(d));
  // Prefer the ErrorInfo in our domain; an ErrorInfo without a domain is accepted as ours.
  let index = infos.findIndex((r) => r.success && (r.data.domain ?? A2A_ERROR_DOMAIN) === A2A_ERROR_DOMAIN);
  if (index < 0) index = infos.findIndex((r) => r.success);
  const info = infos[index];
  if (!info?.success) return { details };
  details.splice(index, 1);
  return {
    reason: info.data.reason,
    ...(info.data.metadata ? { metadata: info.data.metadata } : {}),
    details,
  };
}

/** 0.3 `data` is free-form: its `details` array (as this package writes it) stays details, the rest becomes metadata. */
function decodeV03Data(data: Record<string, unknown>): DetailParts {
  const nested: DetailParts = Array.isArray(data.details) ? splitDetails(data.details) : { details: [] };
  const metadata: Record<string, string> = { ...nested.metadata };
  for (const [key, value] of Object.entries(data)) {
    if (key === 'details' && Array.isArray(value)) continue;
    if (value === undefined) continue;
    metadata[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return {
    ...(nested.reason !== undefined ? { reason: nested.reason } : {}),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    details: nested.details,
  };
}

/** Keeps an integer code (and a string message) from an object that is otherwise not a JSON-RPC error. */
function salvage(raw: unknown): A2AErrorInit {
  if (isJsonObject(raw) && typeof raw.code === 'number' && Number.isInteger(raw.code)) {
    return {
      code: raw.code,
      ...(typeof raw.message === 'string' ? { message: raw.message } : {}),
      cause: raw,
    };
  }
  return { code: A2A_ERRORS.InternalError.code, message: MALFORMED_MESSAGE, cause: raw };
}

/** The table's spelling of a reason when it is an alias for the row the code names. */
function canonicalReason(reason: string, code: number): string {
  const known = errorByReason(reason);
  return known?.code === code ? known.reason : reason;
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((v): v is string => typeof v === 'string' && v.length > 0);
}
