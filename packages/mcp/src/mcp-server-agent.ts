import type { AgentCardInput, AgentExecutor } from '@baton/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Progress, Tool } from '@modelcontextprotocol/sdk/types.js';
import { resultText, toolResultParts } from './tool-output.ts';
import { chooseTool } from './tool-routing.ts';

/** An MCP server to wrap: a command started as a child process (stdio), or a streamable HTTP endpoint. */
export type McpServerSource =
  | {
      readonly command: string;
      readonly args?: readonly string[];
      /** The child's environment; default the MCP SDK's safe subset of this process's. */
      readonly env?: Readonly<Record<string, string>>;
      readonly cwd?: string;
    }
  | {
      readonly url: string | URL;
      /** Sent with every request (credentials of the MCP server). */
      readonly headers?: Readonly<Record<string, string>>;
    };

/** Options of {@link connectMcpServer}. */
export interface McpServerAgentOptions {
  readonly server: McpServerSource;
  /** The card's name, description and version; default the MCP server's own name, instructions and version. */
  readonly name?: string;
  readonly description?: string;
  readonly version?: string;
  /** Longest a tool may run without a progress notification, in ms; default 10 minutes. */
  readonly callTimeoutMs?: number;
}

/** An MCP server as the parts of an A2A agent: pass `card` and `executor` to `createA2AServer`. */
export interface McpServerAgent {
  /** A card whose skills are the server's tools (id = tool name). */
  readonly card: AgentCardInput;
  /** Runs the tool a message names and answers with its result as an artifact. */
  readonly executor: AgentExecutor;
  readonly tools: readonly Tool[];
  /** Disconnects from the MCP server (and stops a child process). */
  close(): Promise<void>;
}

async function transportFor(source: McpServerSource): Promise<Transport> {
  if ('url' in source) {
    return new StreamableHTTPClientTransport(new URL(source.url), {
      ...(source.headers ? { requestInit: { headers: { ...source.headers } } } : {}),
    });
  }
  // Loaded only for a command: it spawns processes, which only Node-like runtimes can.
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  return new StdioClientTransport({
    command: source.command,
    ...(source.args ? { args: [...source.args] } : {}),
    ...(source.env ? { env: { ...source.env } } : {}),
    ...(source.cwd ? { cwd: source.cwd } : {}),
    stderr: 'inherit',
  });
}

async function listAllTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

const progressText = (tool: string, progress: Progress) =>
  progress.message ??
  (progress.total === undefined
    ? `${tool}: ${progress.progress}`
    : `${tool}: ${progress.progress} of ${progress.total}`);

/**
 * Connects to an MCP server and makes it an A2A agent: a card with one skill per tool, and an executor that runs
 * the tool a message names (`chooseTool`: a DataPart `{ "tool", "arguments" }`, or the tool's name first in the
 * text), streams the tool's progress notifications as working status updates, answers its result as one artifact
 * (text, files, and `structuredContent` as a DataPart), fails the task with the tool's own words when it reports an
 * error, and cancels the tool call (MCP `notifications/cancelled`) when the task is canceled.
 *
 * @example
 * const mcp = await connectMcpServer({ server: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } });
 * await startA2AServer(createA2AServer({ card: mcp.card, executor: mcp.executor }), { port: 4000 });
 */
export async function connectMcpServer(options: McpServerAgentOptions): Promise<McpServerAgent> {
  const client = new Client({ name: 'baton-mcp-agent', version: '0.1.0' });
  await client.connect(await transportFor(options.server));
  const tools = await listAllTools(client);
  const info = client.getServerVersion();
  const name = options.name ?? info?.name ?? 'MCP server';
  const card: AgentCardInput = {
    name,
    description:
      options.description ??
      client.getInstructions() ??
      `The tools of the MCP server "${name}", as an A2A agent: name a tool and give its arguments.`,
    version: options.version ?? info?.version ?? '1.0.0',
    skills: tools.map((tool) => ({
      id: tool.name,
      name: tool.title ?? tool.annotations?.title ?? tool.name,
      description: `${tool.description ?? `The MCP tool ${tool.name}.`} Send "${tool.name}" first in the text, or a DataPart {"tool": "${tool.name}", "arguments": {…}}.`,
      tags: ['mcp'],
    })),
  };
  const timeout = options.callTimeoutMs ?? 10 * 60_000;

  const executor: AgentExecutor = async (ctx) => {
    const choice = chooseTool(tools, ctx.text, ctx.data);
    if ('error' in choice) {
      await ctx.reject(choice.error);
      return;
    }
    const tool = choice.tool.name;
    await ctx.working(`Calling ${tool}`);
    // Progress arrives as notifications; each becomes a status update, in order.
    let reported: Promise<unknown> = Promise.resolve();
    let result: CallToolResult;
    try {
      result = (await client.callTool({ name: tool, arguments: choice.arguments }, undefined, {
        signal: ctx.signal,
        timeout,
        resetTimeoutOnProgress: true,
        onprogress: (progress) => {
          reported = reported.then(() => ctx.working(progressText(tool, progress))).catch(() => undefined);
        },
      })) as CallToolResult;
    } catch (error) {
      if (ctx.signal.aborted) return;
      await ctx.fail(
        `The tool ${tool} could not be called: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    await reported;
    if (result.isError) {
      await ctx.fail(resultText(result) || `The tool ${tool} reported an error.`);
      return;
    }
    await ctx.addArtifact({ name: tool, parts: toolResultParts(result) });
    await ctx.complete();
  };

  return { card, executor, tools, close: () => client.close() };
}
