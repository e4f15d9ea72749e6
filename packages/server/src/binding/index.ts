/**
 * Helpers every A2A binding shares: version negotiation from headers, the per-call context, media-type
 * checks, 0.3 request translation errors, and mapping thrown errors to the `A2AError` the caller sees.
 */

export { type A2ABindingHost, createHeaderAuthenticator } from './binding-host.ts';
export { type BindingLogger, consoleLogger } from './binding-logger.ts';
export {
  type CreateCallContextOptions,
  createCallContext,
  readRequestedExtensions,
} from './create-call-context.ts';
export { isJsonContentType, JSON_REQUEST_MEDIA_TYPES, mediaTypeOf } from './media-type.ts';
export {
  errorVersionFor,
  negotiateRequestVersion,
  type RequestVersion,
  readRequestedVersion,
} from './request-version.ts';
export { retryAfterHeaders } from './retry-after.ts';
export { type ToA2AErrorOptions, toA2AError } from './to-a2a-error.ts';
export { translateParamsOrThrow } from './translate-params.ts';
export { waitUntilOf } from './wait-until-of.ts';
