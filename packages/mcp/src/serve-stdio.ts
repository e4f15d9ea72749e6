import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type AgentToolsOptions, connectAgentTools } from './agent-tools.ts';

/**
 * Serves an A2A agent as an MCP server on this process's stdin and stdout (what desktop clients such as Claude
 * Desktop and Cursor start): `baton mcp <agent-url>`. Nothing else may write to stdout. Resolves once connected;
 * the process then lives as long as the client keeps stdin open.
 */
export async function serveAgentOverStdio(options: AgentToolsOptions): Promise<void> {
  const agent = await connectAgentTools(options);
  const server = agent.createServer();
  const transport = new StdioServerTransport();
  transport.onclose = () => process.exit(0);
  await server.connect(transport);
}
