import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { RequiredStringSchema } from '../wire/proto-scalars.ts';

/** The protocol bindings A2A 1.0 defines; `protocolBinding` is open, custom bindings SHOULD use a URI. */
export const PROTOCOL_BINDINGS = ['JSONRPC', 'GRPC', 'HTTP+JSON'] as const;

/** Where and how to reach the agent: a URL, its binding, the A2A version it speaks (`"1.0"`), and a tenant. */
export const AgentInterfaceSchema = protoObject({
  url: RequiredStringSchema,
  protocolBinding: RequiredStringSchema,
  tenant: z.optional(z.string()),
  protocolVersion: RequiredStringSchema,
});
/** An agent interface. */
export type AgentInterface = z.infer<typeof AgentInterfaceSchema>;
