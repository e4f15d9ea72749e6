import { createId } from '@baton/protocol';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AgentTools } from './agent-tools.ts';

/** Options of {@link createMcpRoute}. */
export interface McpRouteOptions {
  /** Where the endpoint is; default `/mcp`. */
  readonly path?: string;
  /**
   * A bearer token every request must carry (`Authorization: Bearer …`). Required by `baton mcp --http` on anything
   * but loopback; without it, anyone who reaches the route can call the agent with the credentials you configured.
   */
  readonly token?: string;
  /**
   * Host headers accepted (name or name:port), so that a web page cannot reach a local server through a DNS name it
   * controls (DNS rebinding). Default: any host. `baton mcp --http` sets the loopback names.
   */
  readonly allowedHosts?: readonly string[];
  /** Browser origins allowed to call; a request with any other `Origin` is refused. Default: none. */
  readonly allowedOrigins?: readonly string[];
  /** Largest request body, in bytes; default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Most open sessions; a new one beyond it is refused with 503. Default 100. */
  readonly maxSessions?: number;
  /** A session with no request for this long is closed, in ms; default 30 minutes. */
  readonly sessionIdleMs?: number;
}

/** The MCP route and its sessions. */
export interface McpRoute {
  /** A Hono app serving the route: mount it (`app.route('/', route.app)`) or serve it. */
  readonly app: Hono;
  /** Open sessions now. */
  sessions(): number;
  /** Closes every session. */
  close(): Promise<void>;
}

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  lastSeen: number;
}

/** A JSON-RPC error as MCP's HTTP transport answers it (no request id: the request was not read). */
function rpcError(c: Context, status: 400 | 401 | 403 | 404 | 413 | 503, code: number, message: string) {
  return c.json({ jsonrpc: '2.0', error: { code, message }, id: null }, status);
}

function equalTokens(given: string, expected: string): boolean {
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < given.length; i++) difference |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}

/**
 * The MCP streamable HTTP endpoint of an agent (MCP spec 2025-06-18, "Streamable HTTP"), as a Hono route: POST
 * for requests (answered as JSON or an SSE stream carrying progress and elicitation), GET for the session's stream,
 * DELETE to end a session. Each session has its own MCP server on one shared A2A client. Refused before the MCP
 * SDK sees them, as JSON-RPC errors: a Host or Origin not allowed (403), a missing or wrong token (401), a body over
 * the limit (413), an unknown session (404), one session too many (503).
 *
 * @example
 * const route = createMcpRoute(await connectAgentTools({ agent: 'http://127.0.0.1:4000' }), { token });
 * serve({ fetch: route.app.fetch, port: 3000, hostname: '127.0.0.1' });
 */
export function createMcpRoute(agent: AgentTools, options: McpRouteOptions = {}): McpRoute {
  const path = options.path ?? '/mcp';
  const maxSessions = options.maxSessions ?? 100;
  const idleMs = options.sessionIdleMs ?? 30 * 60_000;
  const hosts = options.allowedHosts && new Set(options.allowedHosts.map((host) => host.toLowerCase()));
  const origins = new Set(options.allowedOrigins ?? []);
  const sessions = new Map<string, Session>();

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, session] of sessions) {
        if (now - session.lastSeen > idleMs) {
          sessions.delete(id);
          void session.transport.close();
        }
      }
    },
    Math.min(idleMs, 60_000),
  );
  sweep.unref?.();

  const app = new Hono();
  app.use(path, async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    if (hosts && !hosts.has(host) && !hosts.has(host.replace(/:\d+$/, ''))) {
      return rpcError(c, 403, -32000, `Host "${host}" is not allowed`);
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && !origins.has(origin)) {
      return rpcError(c, 403, -32000, `Origin "${origin}" is not allowed`);
    }
    if (options.token !== undefined) {
      const given = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
      if (!equalTokens(given, options.token)) {
        c.header('WWW-Authenticate', 'Bearer');
        return rpcError(c, 401, -32001, 'A bearer token is required');
      }
    }
    return next();
  });
  const maxSize = options.maxBodyBytes ?? 1024 * 1024;
  app.use(
    path,
    bodyLimit({
      maxSize,
      onError: (c) =>
        rpcError(c, 413, -32600, `The request body is too large; the limit is ${maxSize} bytes`),
    }),
  );

  app.all(path, async (c) => {
    const id = c.req.header('mcp-session-id');
    if (id !== undefined) {
      const session = sessions.get(id);
      if (!session) return rpcError(c, 404, -32001, 'Session not found: start a new one with initialize');
      session.lastSeen = Date.now();
      return session.transport.handleRequest(c.req.raw);
    }
    if (c.req.method !== 'POST') return rpcError(c, 400, -32000, 'Start a session with an initialize POST');
    if (sessions.size >= maxSessions)
      return rpcError(c, 503, -32000, 'Too many open sessions; try again later');
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => createId(),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, { transport, lastSeen: Date.now() });
      },
      onsessionclosed: (sessionId) => {
        sessions.delete(sessionId);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await agent.createServer().connect(transport);
    return transport.handleRequest(c.req.raw);
  });

  return {
    app,
    sessions: () => sessions.size,
    async close() {
      clearInterval(sweep);
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((session) => session.transport.close()));
    },
  };
}
