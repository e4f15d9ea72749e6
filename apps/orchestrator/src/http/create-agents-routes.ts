import { Hono } from 'hono';
import type { AgentDirectory } from '../discovery/agent-directory.ts';

/** `GET /agents`: every configured agent's card as read now (or why it cannot be reached), for the console. */
export function createAgentsRoutes(directory: AgentDirectory): Hono {
  const app = new Hono();
  app.get('/agents', async (c) => c.json({ agents: await directory.inspect() }));
  return app;
}
