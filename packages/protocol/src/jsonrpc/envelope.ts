import * as z from 'zod/mini';
import { JsonRpcErrorObjectSchema } from '../errors/error-wire.ts';

/** JSON-RPC 2.0 envelopes (https://www.jsonrpc.org/specification). A2A params and results are objects. */

/** A request id: string, number, or null (null only in error responses to unreadable requests). */
export const JsonRpcIdSchema = z.union([z.string(), z.number(), z.null()]);
export type JsonRpcId = z.infer<typeof JsonRpcIdSchema>;

/** A request; without `id` it is a notification and gets no response. */
export const JsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.optional(JsonRpcIdSchema),
  method: z.string(),
  params: z.optional(z.record(z.string(), z.unknown())),
});
export type JsonRpcRequest = z.infer<typeof JsonRpcRequestSchema>;

/** A successful response; `result` must be present and `error` absent. */
export const JsonRpcSuccessResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: JsonRpcIdSchema,
  result: z.unknown(),
  error: z.optional(z.never()),
});
export type JsonRpcSuccessResponse = z.infer<typeof JsonRpcSuccessResponseSchema>;

/** An error response; `error` must be present and `result` absent. */
export const JsonRpcErrorResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: JsonRpcIdSchema,
  error: JsonRpcErrorObjectSchema,
  result: z.optional(z.never()),
});
export type JsonRpcErrorResponse = z.infer<typeof JsonRpcErrorResponseSchema>;

/** Any response. */
export const JsonRpcResponseSchema = z.union([JsonRpcSuccessResponseSchema, JsonRpcErrorResponseSchema]);
export type JsonRpcResponse = z.infer<typeof JsonRpcResponseSchema>;

/** Any single JSON-RPC message: a request (or notification) or a response. */
export const JsonRpcMessageSchema = z.union([JsonRpcRequestSchema, JsonRpcResponseSchema]);
export type JsonRpcMessage = z.infer<typeof JsonRpcMessageSchema>;

/** A success response schema whose `result` is checked by `result`. */
export function jsonRpcSuccessResponseSchema<Result extends z.ZodMiniType>(result: Result) {
  return z.extend(JsonRpcSuccessResponseSchema, { result });
}

/** Whether a request is a notification (no `id` member). */
export function isNotification(request: JsonRpcRequest): boolean {
  return request.id === undefined;
}

/** Whether a response is an error response. */
export function isJsonRpcErrorResponse(response: JsonRpcResponse): response is JsonRpcErrorResponse {
  return response.error !== undefined;
}
