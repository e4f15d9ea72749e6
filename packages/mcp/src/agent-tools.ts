import { type A2AClient, type A2AClientOptions, type AgentCard, createA2AClient } from '@baton/client';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { runToolCall } from './run-tool-call.ts';
import {
  AGENT_TOOL_INPUT_SCHEMA,
  AGENT_TOOL_OUTPUT_SCHEMA,
  type SkillTool,
  skillTools,
} from './skill-tools.ts';

/** Options of {@link connectAgentTools}. */
export interface AgentToolsOptions {
  /** The agent: its base URL, its card URL, or the card itself. */
  readonly agent: A2AClientOptions['agent'];
  /**
   * How to reach it: credentials for the schemes its card declares, headers, `fetch`, timeouts, … (the options of
   * `createA2AClient`). Every tool call goes through this one client.
   */
  readonly client?: Omit<A2AClientOptions, 'agent'>;
  /** The MCP server's name; default the agent's name. */
  readonly name?: string;
  /** Most questions one call puts to the user (elicitation) before returning the question instead. Default 10. */
  readonly maxQuestions?: number;
}

/** An A2A agent made ready to serve as MCP tools: its card, its client, its tools, and an MCP server per session. */
export interface AgentTools {
  readonly card: AgentCard;
  readonly client: A2AClient;
  readonly tools: readonly SkillTool[];
  /** A new MCP server (one per MCP session or stdio connection) offering the agent's tools. */
  createServer(): Server;
}

/**
 * Reads an A2A agent's card and makes it ready to serve as MCP tools: one tool per skill (`skillTools`). Each call
 * sends the tool's text and data to the agent and answers how its task ended; while it runs, what the agent writes
 * goes to the client as progress, its questions as elicitation (when the client can answer them), and a cancelled
 * MCP request cancels the A2A task.
 *
 * @example
 * const agent = await connectAgentTools({ agent: 'http://127.0.0.1:4000', client: { credentials: { bearer } } });
 * await agent.createServer().connect(new StdioServerTransport());
 */
export async function connectAgentTools(options: AgentToolsOptions): Promise<AgentTools> {
  const client = await createA2AClient({ ...options.client, agent: options.agent });
  const card = client.card;
  const tools = skillTools(card);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listed = tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: AGENT_TOOL_INPUT_SCHEMA,
    outputSchema: AGENT_TOOL_OUTPUT_SCHEMA,
    annotations: { title: tool.title, readOnlyHint: false, openWorldHint: true },
  }));
  return {
    card,
    client,
    tools,
    createServer() {
      const server = new Server(
        { name: options.name ?? card.name, version: card.version },
        { capabilities: { tools: {} }, instructions: card.description },
      );
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
      server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
        const tool = byName.get(request.params.name);
        if (!tool) {
          return {
            isError: true,
            content: [{ type: 'text', text: `No tool named "${request.params.name}"` }],
          };
        }
        return runToolCall(
          {
            client,
            toolName: tool.name,
            ...(tool.skill ? { skillId: tool.skill.id } : {}),
            extra,
            canElicit: server.getClientCapabilities()?.elicitation !== undefined,
            ...(options.maxQuestions === undefined ? {} : { maxQuestions: options.maxQuestions }),
          },
          request.params.arguments ?? {},
        );
      });
      return server;
    },
  };
}
