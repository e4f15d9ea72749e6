import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type AgentToolsOptions, connectAgentTools } from './agent-tools.ts';

/** An MCP server on stdio, running. */
export interface StdioMcpServer {
  /** Resolves when the client closes the connection (stdin ends) or `close` is called. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves an A2A agent as an MCP server on stdin and stdout (what desktop clients such as Claude Desktop and Cursor
 * start): `baton mcp <agent-url>`. Nothing else may write to stdout. Resolves once serving; `closed` resolves when
 * the client goes away.
 */
export async function serveAgentOverStdio(
  options: AgentToolsOptions,
  streams: { readonly stdin?: Readable; readonly stdout?: Writable } = {},
): Promise<StdioMcpServer> {
  const agent = await connectAgentTools(options);
  const server = agent.createServer();
  const transport = new StdioServerTransport(streams.stdin, streams.stdout);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  (streams.stdin ?? process.stdin).once('end', () => void server.close());
  await server.connect(transport);
  return { closed, close: () => server.close() };
}
