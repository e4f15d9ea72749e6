/**
 * @baton/mcp: any A2A agent as an MCP server. `connectAgentTools` reads the agent's card (one tool per skill);
 * `serveAgentOverStdio` serves it to desktop clients, `createMcpRoute` over streamable HTTP as a Hono route.
 * A call streams what the agent writes as progress, puts its questions to the user (elicitation) and cancels the
 * A2A task when the MCP request is cancelled.
 *
 * @example
 * import { connectAgentTools, createMcpRoute } from '@baton/mcp';
 * const route = createMcpRoute(await connectAgentTools({ agent: 'http://127.0.0.1:4000' }));
 */
export { type AgentTools, type AgentToolsOptions, connectAgentTools } from './agent-tools.ts';
export { createMcpRoute, type McpRoute, type McpRouteOptions } from './mcp-route.ts';
export {
  connectMcpServer,
  type McpServerAgent,
  type McpServerAgentOptions,
  type McpServerSource,
} from './mcp-server-agent.ts';
export { type AgentToolArgs, runToolCall, type ToolCallContext } from './run-tool-call.ts';
export { type StdioMcpServer, serveAgentOverStdio } from './serve-stdio.ts';
export {
  AGENT_TOOL_INPUT_SCHEMA,
  AGENT_TOOL_OUTPUT_SCHEMA,
  type SkillTool,
  skillTools,
} from './skill-tools.ts';
export { resultText, toolResultParts } from './tool-output.ts';
export { toolResultOf } from './tool-result.ts';
export { chooseTool, type ToolChoice } from './tool-routing.ts';
