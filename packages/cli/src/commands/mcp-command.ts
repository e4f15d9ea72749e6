import { isIP } from 'node:net';
import { connectAgentTools, createMcpRoute, serveAgentOverStdio } from '@baton/mcp';
import { serve } from '@hono/node-server';
import { usage } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';
import { clientOptionsFor, readCard } from '../connect.ts';

export const MCP_HELP = `baton mcp <url> [--http <port> [--host <host>] [--mcp-token <token>]]

Serves the A2A agent at <url> as an MCP server: one tool per skill of its card (text and a JSON "data" object in;
the agent's artifacts out, as text and structured content). While a tool runs, what the agent writes goes to the
MCP client as progress, its questions are put to the user (MCP elicitation) when the client can ask, and a
cancelled call cancels the agent's task. --api-key, --bearer and -H go to the agent.

Without --http it speaks MCP on stdin and stdout, for desktop clients:
  { "mcpServers": { "trip-planner": { "command": "npx", "args": ["-y", "@baton/cli", "mcp", "http://127.0.0.1:4000"] } } }

With --http <port> it serves MCP over streamable HTTP at http://<host>:<port>/mcp until stopped (Ctrl-C). It
listens on 127.0.0.1 unless --host says otherwise, and then requires --mcp-token (or BATON_MCP_TOKEN): MCP clients
send it as "Authorization: Bearer <token>".`;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Waits for Ctrl-C or a stop signal. */
function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

export async function mcpCommand(io: CliIo, args: readonly string[], options: CliOptions): Promise<number> {
  const [url, ...rest] = args;
  if (!url || rest.length > 0) throw usage('baton mcp takes the agent URL only');
  const host = options.host ?? '127.0.0.1';
  const loopback = LOOPBACK_HOSTS.has(host.toLowerCase());
  const token = options.mcpToken ?? io.env.BATON_MCP_TOKEN;
  if (options.httpPort === undefined && (options.host !== undefined || options.mcpToken !== undefined)) {
    throw usage('--host and --mcp-token go with --http <port>');
  }
  if (options.httpPort !== undefined && !loopback && !token) {
    throw usage(
      `listening on ${host} needs --mcp-token (or BATON_MCP_TOKEN): anyone who reaches it could call the agent`,
    );
  }
  const card = await readCard(url, options);
  const agent = { agent: card, client: clientOptionsFor(card, options, io) } as const;

  if (options.httpPort === undefined) {
    const server = await serveAgentOverStdio(agent);
    await Promise.race([server.closed, untilStopped()]);
    await server.close();
    return 0;
  }

  const route = createMcpRoute(await connectAgentTools(agent), {
    ...(token ? { token } : {}),
    // On loopback, a web page must not reach the server through a DNS name it controls (DNS rebinding).
    ...(loopback ? { allowedHosts: ['127.0.0.1', 'localhost', '[::1]'] } : {}),
  });
  const listening = await new Promise<{ close(callback: () => void): void; port: number }>(
    (resolve, reject) => {
      const server = serve({ fetch: route.app.fetch, port: options.httpPort ?? 0, hostname: host }, (info) =>
        resolve({ close: (callback) => server.close(callback), port: info.port }),
      );
      server.once('error', reject);
    },
  );
  const shown = isIP(host) === 6 ? `[${host}]` : host;
  io.stdout.write(`MCP server for "${card.name}" at http://${shown}:${listening.port}/mcp\n`);
  await untilStopped();
  await route.close();
  await new Promise<void>((resolve) => listening.close(() => resolve()));
  return 0;
}
