import { type A2AClient, createA2AClient } from '@baton/client';
import { grpcTransport, type RunningGrpcServer, startGrpcServer } from '@baton/grpc';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_TEST_TIMING, contractTests } from './contract-suite.ts';
import { createConformanceAgent } from './create-conformance-agent.ts';
import { taskOf, tck } from './tck-test-helpers.ts';

let running: RunningA2AServer;
let grpc: RunningGrpcServer;
let jsonRpc: A2AClient;
let rest: A2AClient;
let overGrpc: A2AClient;
let legacy: A2AClient;

beforeAll(async () => {
  const server = createConformanceAgent(CONTRACT_TEST_TIMING);
  running = await startA2AServer(server);
  grpc = await startGrpcServer(server, { shutdownDeadlineMs: 500 });
  const agent = running.url;
  [jsonRpc, rest, overGrpc, legacy] = await Promise.all([
    createA2AClient({ agent, preferredBindings: ['JSONRPC'], preferredVersions: ['1.0'] }),
    createA2AClient({ agent, preferredBindings: ['HTTP+JSON'], preferredVersions: ['1.0'] }),
    createA2AClient({ agent, preferredBindings: ['GRPC'], transports: { GRPC: grpcTransport() } }),
    createA2AClient({ agent, preferredBindings: ['JSONRPC'], preferredVersions: ['0.3'] }),
  ]);
});
afterAll(async () => {
  await grpc.close();
  await running.close();
});

const bindings = (): [string, A2AClient][] => [
  ['JSON-RPC 1.0', jsonRpc],
  ['HTTP+JSON 1.0', rest],
  ['gRPC 1.0', overGrpc],
];

describe.each(['JSON-RPC 1.0', 'HTTP+JSON 1.0', 'gRPC 1.0'])('the conformance contract over %s', (name) => {
  contractTests(() => (bindings().find(([label]) => label === name) as [string, A2AClient])[1]);
});

describe('A2A 0.3 and the cards', () => {
  it('plays the contract for a 0.3 client', async () => {
    expect(legacy.card.supportedInterfaces?.length).toBeGreaterThan(0);
    const task = taskOf(await legacy.sendMessage(tck('tck-artifact-data')));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts?.[0]?.parts).toEqual([{ data: { key: 'value', count: 42 } }]);
  });

  it('serves the card with caching headers and its capabilities', async () => {
    const response = await fetch(`${running.url}/.well-known/agent-card.json`, {
      headers: { 'A2A-Version': '1.0' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBeTruthy();
    expect(response.headers.get('last-modified')).toBeTruthy();
    const card = (await response.json()) as { capabilities: Record<string, unknown> };
    expect(card.capabilities).toMatchObject({
      streaming: true,
      pushNotifications: true,
      extendedAgentCard: true,
    });
  });

  it('serves the extended card with the extra skill', async () => {
    const client = await createA2AClient({ agent: running.url });
    expect(client.card.skills.map((skill) => skill.id)).toEqual(['tck']);
    const extended = await client.getExtendedAgentCard();
    expect(extended.skills.map((skill) => skill.id)).toEqual(['tck', 'tck-extended']);
  });

  it('accepts loopback webhooks for the kit', async () => {
    const task = taskOf(await jsonRpc.sendMessage(tck('tck-input-required')));
    const config = await jsonRpc.createPushConfig({ taskId: task.id, url: 'http://127.0.0.1:1/webhook' });
    expect(config.url).toBe('http://127.0.0.1:1/webhook');
    await jsonRpc.cancelTask(task.id);
  });
});
