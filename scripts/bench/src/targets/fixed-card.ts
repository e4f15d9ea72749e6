/** The agent card of a bench target that is not an A2A server (the ceiling, the floor): JSON-RPC 1.0, streaming. */
export function fixedCard(name: string, description: string): string {
  return JSON.stringify({
    name,
    description,
    version: '1.0.0',
    supportedInterfaces: [
      { url: 'http://127.0.0.1/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    ],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['application/json'],
    skills: [],
  });
}
