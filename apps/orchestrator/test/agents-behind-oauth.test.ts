/**
 * Agents that take only OAuth access tokens, each naming its scheme its own way: the orchestrator gets tokens by the
 * client credentials grant from the authorization server each card names (`agentCredentials`, what
 * `BATON_AGENT_OAUTH_CLIENT_ID` / `_SECRET` configure), and runs the chain. The authorization server is a real one
 * (oidc-provider) on 127.0.0.1.
 */
import { oauthClientCredentials, oauthForCard } from '@baton/client';
import { type RunningOAuthServer, startOAuthServer } from '@baton/oauth-test-server';
import type { RunningA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrchestrator } from '../src/create-orchestrator.ts';
import type { RunView } from '../src/run/run-types.ts';
import { startStandIn } from './stand-in-agents.ts';

const AUDIENCE = 'http://agents.test';
const SECRET = 'a-client-secret-0123456789';
let authorization: RunningOAuthServer;
let agents: RunningA2AServer[] = [];

beforeAll(async () => {
  authorization = await startOAuthServer({
    resource: AUDIENCE,
    scopes: ['a2a:send'],
    clients: [{ clientId: 'orchestrator', clientSecret: SECRET }],
  });
  const oauth = { issuer: authorization.issuer, audience: AUDIENCE };
  agents = await Promise.all(
    (['outline', 'document', 'summary'] as const).map((step) => startStandIn(step, { oauth })),
  );
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await authorization?.close();
});

const run = async (app: ReturnType<typeof createOrchestrator>) => {
  const response = await app.request('/runs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ topic: 'tea', wait: true }),
  });
  return (await response.json()) as RunView;
};

describe('agents behind OAuth', () => {
  it('runs the chain with tokens from the authorization server each card names, one token for all three', async () => {
    const credential = oauthClientCredentials({
      clientId: 'orchestrator',
      clientSecret: SECRET,
      resource: AUDIENCE,
    });
    const app = createOrchestrator({
      agents: agents.map((agent) => agent.url),
      agentCredentials: (card) => oauthForCard(card, credential),
      logger: { error: () => {}, warn: () => {} },
    });
    const before = authorization.tokenRequests();
    const view = await run(app);
    expect(view.status).toBe('completed');
    expect(view.steps.map((step) => step.state)).toEqual(Array(3).fill('TASK_STATE_COMPLETED'));
    // The three cards name one authorization server: one token serves them all.
    expect(authorization.tokenRequests() - before).toBe(1);
  });

  it('fails the run saying the agent refused it, without credentials', async () => {
    const app = createOrchestrator({
      agents: agents.map((agent) => agent.url),
      logger: { error: () => {}, warn: () => {} },
      agentRetryMs: 300,
    });
    const view = await run(app);
    expect(view.status).toBe('failed');
    expect(JSON.stringify(view.error)).toMatch(/Authentication required|UNAUTHENTICATED/);
  });
});
