import * as z from 'zod/mini';

/**
 * Zod schemas for the error objects that travel on the wire: google.rpc detail messages in ProtoJSON `Any`
 * form, the JSON-RPC error object and the google.rpc.Status body of the HTTP+JSON binding. Readers are
 * lenient where ProtoJSON lets a sender omit empty strings.
 */

/** `@type` of google.rpc.ErrorInfo in ProtoJSON `Any` form. */
export const ERROR_INFO_TYPE = 'type.googleapis.com/google.rpc.ErrorInfo';

/** `@type` of google.rpc.BadRequest in ProtoJSON `Any` form. */
export const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';

/** Any error detail: an object naming its type in `@type`, other fields free. */
export const ErrorDetailSchema = z.looseObject({ '@type': z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

/** google.rpc.ErrorInfo: carries the A2A `reason` and string metadata. */
export const ErrorInfoSchema = z.object({
  '@type': z.literal(ERROR_INFO_TYPE),
  reason: z.string(),
  domain: z.optional(z.string()),
  metadata: z.optional(z.record(z.string(), z.string())),
});
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;

/** One entry of google.rpc.BadRequest: which field is wrong and why. */
export const FieldViolationSchema = z.object({
  field: z._default(z.string(), ''),
  description: z._default(z.string(), ''),
});
export type FieldViolation = z.infer<typeof FieldViolationSchema>;

/** google.rpc.BadRequest: the field-level reasons behind a validation error. */
export const BadRequestSchema = z.object({
  '@type': z.literal(BAD_REQUEST_TYPE),
  fieldViolations: z._default(z.array(FieldViolationSchema), []),
});
export type BadRequest = z.infer<typeof BadRequestSchema>;

/** The JSON-RPC 2.0 error object; `data` is an array of details in 1.0 and free-form in 0.3. */
export const JsonRpcErrorObjectSchema = z.object({
  code: z.number().check(z.int()),
  message: z.string(),
  data: z.optional(z.unknown()),
});
export type JsonRpcErrorObject = z.infer<typeof JsonRpcErrorObjectSchema>;

/** google.rpc.Status as JSON; in the HTTP+JSON binding `code` is the HTTP status (spec §11.6). */
export const RpcStatusSchema = z.object({
  code: z.number().check(z.int()),
  status: z.optional(z.string()),
  message: z._default(z.string(), ''),
  details: z._default(z.array(ErrorDetailSchema), []),
});
export type RpcStatus = z.infer<typeof RpcStatusSchema>;

/** The HTTP+JSON error body: `{ "error": google.rpc.Status }`. */
export const RestErrorBodySchema = z.object({ error: RpcStatusSchema });
export type RestErrorBody = z.infer<typeof RestErrorBodySchema>;
