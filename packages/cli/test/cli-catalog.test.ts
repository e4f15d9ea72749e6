/** `baton catalog <url>`: the A2A agents of an AI Catalog served on 127.0.0.1, whose card URLs the other commands take. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBaton } from './run-baton.ts';

let agent: RunningA2AServer;
let host: Server;
let origin: string;

beforeAll(async () => {
  agent = await startA2AServer(
    createA2AServer({
      card: { name: 'Echo', description: 'Says it back', version: '1.0.0', skills: [] },
      executor: async (ctx) => `echo: ${ctx.text}`,
    }),
    { port: 0, hostname: '127.0.0.1' },
  );
  const catalog = {
    specVersion: '1.0',
    entries: [
      {
        identifier: 'urn:air:127.0.0.1:agent:echo',
        displayName: 'Echo',
        description: 'Says it back',
        type: 'application/a2a-agent-card+json',
        url: `${agent.url}/.well-known/agent-card.json`,
      },
    ],
  };
  host = createServer((request, response) => {
    if (request.url !== '/.well-known/ai-catalog.json') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(catalog));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await agent?.close();
  await new Promise((resolve) => host?.close(resolve));
});

describe('baton catalog', () => {
  it("lists a host's agents, and the listed card URL works with the other commands", async () => {
    const listed = await runBaton(['catalog', origin]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe(
      `Echo  ${agent.url}/.well-known/agent-card.json\n  urn:air:127.0.0.1:agent:echo: Says it back\n`,
    );
    const json = await runBaton(['catalog', origin, '--json']);
    const [entry] = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { url: string });
    const sent = await runBaton(['send', entry?.url ?? '', 'hi']);
    expect(sent.code).toBe(0);
    expect(sent.stdout).toContain('echo: hi');
  });

  it('says so, exit 3, when the URL serves no catalog', async () => {
    const missing = await runBaton(['catalog', `${origin}/elsewhere.json`]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/HTTP 404/);
  });
});
