import { A2AError } from '@baton/protocol';
import type { A2ARequestHandler, EventStream } from '../handler/request-handler.ts';
import type { CallContext } from '../vocabulary/call-context.ts';
import type { RouteParams } from './match-route.ts';
import type { RestOperation } from './rest-routes.ts';

/** What one matched call brings to its operation: path parameters, path tenant, query and parsed JSON body. */
export interface RestCallInput {
  readonly params: RouteParams;
  /** The `/{tenant}` path prefix; `undefined` without one (and always for 0.3). */
  readonly tenant: string | undefined;
  readonly query: URLSearchParams;
  /** The parsed JSON body; `undefined` when it is empty or the method has none. */
  readonly body: unknown;
}

/** What an operation answers: one JSON body (already in the caller's version) or a stream of 1.0 events. */
export type RestResult =
  | { readonly kind: 'json'; readonly status: 200 | 201; readonly body: unknown }
  | { readonly kind: 'stream'; readonly events: EventStream };

/** Builds the call's context once the request (and so its tenant) is known. */
export type CallContextFor = (tenant: string | undefined) => CallContext;

/** Decodes a call into a 1.0 request, calls the handler and returns the result in the caller's version. */
export type RestOperationRunner = (
  input: RestCallInput,
  handler: A2ARequestHandler,
  contextFor: CallContextFor,
) => Promise<RestResult>;

/** The runner of each operation a version's routes lead to. */
export type RestOperations = Readonly<Partial<Record<RestOperation, RestOperationRunner>>>;

/** Pairs a decoder (input → validated 1.0 request, throwing InvalidParams) with the handler call that serves it. */
export function defineOperation<Request extends { readonly tenant?: string | undefined }>(
  decode: (input: RestCallInput) => Request,
  run: (handler: A2ARequestHandler, request: Request, call: CallContext) => Promise<RestResult>,
): RestOperationRunner {
  return async (input, handler, contextFor) => {
    const request = decode(input);
    return run(handler, request, contextFor(request.tenant));
  };
}

/** A JSON result: 200, or 201 for a created resource. */
export function jsonResult(body: unknown, status: 200 | 201 = 200): RestResult {
  return { kind: 'json', status, body };
}

/** A stream result. */
export function streamResult(events: EventStream): RestResult {
  return { kind: 'stream', events };
}

/** The body as the JSON object a request is read from: `{}` when empty (or `null`, as a2a-go sends). */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body === 'object' && !Array.isArray(body)) return { ...body };
  const description = 'must be a JSON object';
  throw A2AError.invalidParams(`Invalid parameters: the request body ${description}`, [
    { field: '', description },
  ]);
}

/**
 * `fields` with the path's values laid over them: path parameters and the path tenant bind their fields, as in
 * gRPC transcoding, so a body or query value for the same field (say, another `tenant`) is overridden.
 */
export function withPathFields(
  fields: Record<string, unknown>,
  path: Readonly<Record<string, string | undefined>>,
): Record<string, unknown> {
  const merged = { ...fields };
  for (const [name, value] of Object.entries(path)) if (value !== undefined) merged[name] = value;
  return merged;
}
