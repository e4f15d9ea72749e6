import { A2A_AGENT_CARD_MEDIA_TYPE, AI_CATALOG_PATH } from '@baton/client';
import { Hono } from 'hono';
import type { AgentDirectory } from '../discovery/agent-directory.ts';

/** What the orchestrator says of itself in its catalog. */
export interface CatalogSelf {
  readonly displayName: string;
  readonly description: string;
  /** Its public base URL, when configured; else the origin the request reached. */
  readonly url?: string | undefined;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'agent';

/**
 * `GET /.well-known/ai-catalog.json`: an AI Catalog (Agentic Resource Discovery) of the agents the orchestrator
 * knows, itself first, each an `application/a2a-agent-card+json` entry pointing at its card. The media type goes in
 * `type` (the AI Catalog draft) and in `mediaType` (ARD 0.5), so readers of either find it. Agents that do not
 * answer now are left out.
 */
export function createCatalogRoute(directory: AgentDirectory, self: CatalogSelf): Hono {
  const app = new Hono();
  app.get(AI_CATALOG_PATH, async (c) => {
    const base = (self.url ?? new URL(c.req.url).origin).replace(/\/+$/, '');
    const host = new URL(base).hostname;
    const entry = (
      identifier: string,
      displayName: string,
      description: string,
      url: string,
      skills: string[],
    ) => ({
      identifier,
      displayName,
      description,
      type: A2A_AGENT_CARD_MEDIA_TYPE,
      mediaType: A2A_AGENT_CARD_MEDIA_TYPE,
      url,
      capabilities: skills,
    });
    const agents = (await directory.inspect()).flatMap((status) => {
      if (!status.reachable) return [];
      const at = status.url.replace(/\/+$/, '');
      return [
        entry(
          `urn:air:${new URL(at).hostname}:agent:${slug(status.card.name)}`,
          status.card.name,
          status.card.description,
          `${at}/.well-known/agent-card.json`,
          status.card.skills.map((skill) => skill.id),
        ),
      ];
    });
    const catalog = {
      specVersion: '1.0',
      host: { displayName: self.displayName, identifier: host },
      entries: [
        entry(
          `urn:air:${host}:agent:${slug(self.displayName)}`,
          self.displayName,
          self.description,
          `${base}/.well-known/agent-card.json`,
          [],
        ),
        ...agents,
      ],
    };
    return c.json(catalog, 200, { 'Cache-Control': 'no-cache' });
  });
  return app;
}
