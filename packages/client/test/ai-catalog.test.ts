/**
 * Resolving agents from an AI Catalog (`/.well-known/ai-catalog.json`, the Agentic Resource Discovery format) served
 * over real HTTP on 127.0.0.1: A2A entries by URL or inline card, `type` or the older `mediaType`, nested catalogs
 * followed once each, other entries skipped, and a body that is too large or not a catalog refused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2AClientError } from '../src/errors/client-error.ts';
import { resolveAiCatalog } from '../src/index.ts';

const documents = new Map<string, unknown>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const body = documents.get(request.url ?? '');
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  documents.set('/.well-known/ai-catalog.json', {
    specVersion: '1.0',
    host: { displayName: 'Example', identifier: '127.0.0.1' },
    entries: [
      {
        identifier: 'urn:air:127.0.0.1:agent:writer',
        displayName: 'Writer',
        description: 'Writes',
        type: 'application/a2a-agent-card+json',
        url: '/writer/.well-known/agent-card.json',
      },
      {
        identifier: 'urn:air:127.0.0.1:mcp:tools',
        displayName: 'Tools',
        type: 'application/mcp-server+json',
        url: '/mcp',
      },
      {
        identifier: 'urn:air:127.0.0.1:catalog:team',
        displayName: 'Team',
        type: 'application/ai-catalog+json',
        url: '/team.json',
      },
      // The same nested catalog twice: fetched once.
      {
        identifier: 'urn:air:127.0.0.1:catalog:again',
        displayName: 'Again',
        type: 'application/ai-catalog+json',
        url: '/team.json',
      },
    ],
  });
  documents.set('/team.json', {
    specVersion: '1.0',
    entries: [
      {
        identifier: 'urn:air:127.0.0.1:agent:summarizer',
        displayName: 'Summarizer',
        mediaType: 'application/a2a-agent-card+json',
        data: { name: 'Summarizer', description: 'Summarizes', version: '1.0.0', skills: [] },
      },
      {
        identifier: 'urn:air:127.0.0.1:catalog:deeper',
        displayName: 'Deeper',
        type: 'application/ai-catalog+json',
        url: '/deeper.json',
      },
    ],
  });
  documents.set('/deeper.json', {
    specVersion: '1.0',
    entries: [
      {
        identifier: 'urn:x:deep',
        displayName: 'Deep',
        type: 'application/a2a-agent-card+json',
        url: '/deep',
      },
    ],
  });
  documents.set('/not-a-catalog.json', { agents: [] });
  documents.set('/huge.json', JSON.stringify({ entries: [], padding: 'x'.repeat(2048) }));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('resolveAiCatalog', () => {
  it("lists a host's A2A agents from its well-known catalog and the catalogs it nests, by URL or inline card", async () => {
    const agents = await resolveAiCatalog(base);
    expect(agents).toEqual([
      {
        identifier: 'urn:air:127.0.0.1:agent:writer',
        displayName: 'Writer',
        description: 'Writes',
        url: `${base}/writer/.well-known/agent-card.json`,
        catalog: `${base}/.well-known/ai-catalog.json`,
      },
      {
        identifier: 'urn:air:127.0.0.1:agent:summarizer',
        displayName: 'Summarizer',
        card: { name: 'Summarizer', description: 'Summarizes', version: '1.0.0', skills: [] },
        catalog: `${base}/team.json`,
      },
    ]);
  });

  it('follows nested catalogs as deep as asked', async () => {
    const agents = await resolveAiCatalog(base, { maxDepth: 3 });
    expect(agents.map((agent) => agent.identifier)).toEqual([
      'urn:air:127.0.0.1:agent:writer',
      'urn:air:127.0.0.1:agent:summarizer',
      'urn:x:deep',
    ]);
    expect((await resolveAiCatalog(base, { maxDepth: 1 })).map((agent) => agent.displayName)).toEqual([
      'Writer',
    ]);
  });

  it('refuses what is not a catalog, a catalog over the size limit, and a missing one', async () => {
    const notCatalog = await resolveAiCatalog(`${base}/not-a-catalog.json`).catch((error: unknown) => error);
    expect(notCatalog).toBeInstanceOf(A2AClientError);
    expect((notCatalog as Error).message).toMatch(/is not an AI Catalog/);
    const huge = await resolveAiCatalog(`${base}/huge.json`, { maxBytes: 1024 }).catch(
      (error: unknown) => error,
    );
    expect((huge as Error).message).toMatch(/larger than 1024 bytes/);
    const missing = await resolveAiCatalog(`${base}/nothing.json`).catch((error: unknown) => error);
    expect((missing as Error).message).toMatch(/HTTP 404/);
  });
});
