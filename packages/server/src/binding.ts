/**
 * `@baton/server/binding`: for a binding of your own, served outside the Hono app (the gRPC package is one).
 * Version negotiation from headers, the per-call context, media-type checks, 0.3 request translation errors,
 * mapping thrown errors to the `A2AError` the caller sees, and the operations prepared by method name.
 */

export { type A2ABindingHost, createHeaderAuthenticator } from './binding/binding-host.ts';
export { type BindingLogger, consoleLogger } from './binding/binding-logger.ts';
export {
  type CreateCallContextOptions,
  createCallContext,
  readRequestedExtensions,
} from './binding/create-call-context.ts';
export { type DeclaredBodyLimitOptions, declaredBodyLimit } from './binding/declared-body-limit.ts';
export { isJsonContentType, JSON_REQUEST_MEDIA_TYPES, mediaTypeOf } from './binding/media-type.ts';
export {
  errorVersionFor,
  negotiateRequestVersion,
  type RequestVersion,
  readRequestedVersion,
} from './binding/request-version.ts';
export { retryAfterHeaders } from './binding/retry-after.ts';
export { type ToA2AErrorOptions, toA2AError } from './binding/to-a2a-error.ts';
export { translateParamsOrThrow } from './binding/translate-params.ts';
export { waitUntilOf } from './binding/wait-until-of.ts';
// The operations table by method name, shared with bindings served outside the Hono app (gRPC).
export { type CallOutcome, type PreparedCall, prepareCall } from './jsonrpc/json-rpc-operations.ts';
// A call's signal made only when read: what a binding outside Hono gives its calls (an AbortController is not free).
export { createLazyAbort, type LazyAbort } from './task/lazy-abort.ts';
// Stream events with the task generation inside them (the 1.1 draft's field), for a binding that always carries it.
export { generationOf, withGenerationField } from './vocabulary/event-generation.ts';
