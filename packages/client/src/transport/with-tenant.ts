import { isJsonObject } from '@baton/protocol';

/**
 * The request with the interface's `tenant` (spec §3.2.7), unless it names its own; unchanged without one. For
 * the bindings that carry the tenant in the message (JSON-RPC, gRPC); HTTP+JSON puts it in the path.
 */
export function withInterfaceTenant<Request>(request: Request, tenant: string | undefined): Request {
  if (!tenant || !isJsonObject(request) || request.tenant !== undefined) return request;
  return { ...request, tenant } as Request;
}
