import { A2AError, type ProtocolVersion, type ResolvedMethod } from '@baton/protocol';

/**
 * The -32601 for a method the negotiated version does not have, saying why when the name exists in the other
 * version: a 1.0 name sent without `A2A-Version: 1.0` (read as 0.3, as the spec requires), a 0.3 name sent
 * with it, or `tasks/list`, which 0.3 never had.
 */
export function methodNotFound(
  method: string,
  resolved: ResolvedMethod | undefined,
  version: ProtocolVersion,
): A2AError {
  let hint = '';
  if (resolved?.version === '1.0') {
    hint = `; ${method} is an A2A 1.0 method: send the header A2A-Version: 1.0 (a request without it is read as A2A 0.3)`;
  } else if (resolved?.version === '0.3') {
    hint = `; ${method} is an A2A 0.3 method, called ${resolved.method} in A2A ${version}`;
  } else if (method === 'tasks/list' && version === '0.3') {
    hint = '; A2A 0.3 has no tasks/list over JSON-RPC: call ListTasks with the header A2A-Version: 1.0';
  }
  return A2AError.from('MethodNotFoundError', {
    message: `Method not found: ${method}${hint}`,
    metadata: { method },
  });
}
