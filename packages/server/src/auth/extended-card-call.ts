import { jsonTextNestsDeeperThan, MAX_PARSED_JSON_DEPTH } from '@baton/protocol';
import type { AuthBinding } from './auth-response.ts';

const JSON_RPC_METHODS = new Set(['GetExtendedAgentCard', 'agent/getAuthenticatedExtendedCard']);
const REST_SUFFIXES = ['/extendedAgentCard', '/v1/card'];

/**
 * Whether a request asks for the extended agent card (1.0 or 0.3, either binding). JSON-RPC reads the method
 * from a clone of the body, so the binding can still read the original; a body that is not JSON is not one.
 */
export async function isExtendedCardCall(request: Request, binding: AuthBinding): Promise<boolean> {
  if (binding === 'HTTP+JSON') {
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    return request.method === 'GET' && REST_SUFFIXES.some((suffix) => path.endsWith(suffix));
  }
  if (request.method !== 'POST') return false;
  try {
    const text = await request.clone().text();
    // Too deep to be a request the binding takes: not parsed here (the binding refuses it).
    if (jsonTextNestsDeeperThan(text, MAX_PARSED_JSON_DEPTH + 1)) return false;
    const body: unknown = JSON.parse(text);
    const method =
      typeof body === 'object' && body !== null ? (body as { method?: unknown }).method : undefined;
    return typeof method === 'string' && JSON_RPC_METHODS.has(method);
  } catch {
    return false;
  }
}
