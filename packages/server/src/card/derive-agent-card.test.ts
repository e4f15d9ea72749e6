import { SKILL_SELECTION_EXTENSION, TASK_GENERATION_EXTENSION } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import type { AgentCardInput, ServedSurface } from './agent-card-input.ts';
import { assertCardMatchesServer, deriveAgentCard } from './derive-agent-card.ts';

const input: AgentCardInput = {
  name: 'Outline agent',
  description: 'Turns a topic into an outline',
  version: '1.2.0',
  skills: [{ id: 'outline', name: 'Outline', description: 'Outlines a topic', tags: ['writing'] }],
};

const served: ServedSurface = {
  jsonRpcPath: '/a2a/jsonrpc',
  restPath: '/a2a/rest',
  versions: ['1.0', '0.3'],
  streaming: true,
  pushNotifications: false,
  extendedAgentCard: false,
};

describe('deriveAgentCard', () => {
  it('lists every served binding and version, JSON-RPC first, 1.0 first', () => {
    const card = deriveAgentCard(input, served, 'https://agent.example/base/');
    expect(card.supportedInterfaces).toEqual([
      { url: 'https://agent.example/base/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: 'https://agent.example/base/a2a/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      { url: 'https://agent.example/base/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
      { url: 'https://agent.example/base/a2a/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '0.3' },
    ]);
  });

  it('derives capabilities from what the server does and keeps the descriptive part as written', () => {
    const card = deriveAgentCard(
      { ...input, extensions: [{ uri: 'https://ext.example/v1', required: false }] },
      { ...served, extendedAgentCard: true },
      'http://127.0.0.1:4000',
    );
    expect(card.capabilities).toEqual({
      streaming: true,
      pushNotifications: false,
      extendedAgentCard: true,
      // The author's, then what the server implements beyond 1.0.1 (the 1.1 draft's task generation).
      extensions: [
        { uri: 'https://ext.example/v1', required: false },
        { uri: TASK_GENERATION_EXTENSION, description: expect.stringContaining('A2A 1.1 draft') },
        { uri: SKILL_SELECTION_EXTENSION, description: expect.stringContaining('issue 1989') },
      ],
    });
    expect(card).toMatchObject({
      name: 'Outline agent',
      version: '1.2.0',
      defaultInputModes: ['text/plain'],
    });
  });

  it('declares the extensions the server implements once each, even when the author declares one too', () => {
    const declared = { uri: TASK_GENERATION_EXTENSION, description: 'ours' };
    expect(
      deriveAgentCard({ ...input, extensions: [declared] }, served, 'http://h').capabilities.extensions,
    ).toEqual([declared, expect.objectContaining({ uri: SKILL_SELECTION_EXTENSION })]);
    expect(
      deriveAgentCard(input, served, 'http://h').capabilities.extensions?.map((entry) => entry.uri),
    ).toEqual([TASK_GENERATION_EXTENSION, SKILL_SELECTION_EXTENSION]);
  });

  it('carries the deployment tenant on every interface', () => {
    const card = deriveAgentCard(input, { ...served, versions: ['1.0'], tenant: 'acme' }, 'http://h');
    expect(card.supportedInterfaces.map((entry) => entry.tenant)).toEqual(['acme', 'acme']);
  });

  it('refuses a card the protocol schema rejects, naming the field', () => {
    expect(() => deriveAgentCard({ ...input, name: '' }, served, 'http://h')).toThrow(
      /name: must not be empty/,
    );
  });
});

describe('assertCardMatchesServer', () => {
  it('accepts a card that states exactly what is served', () => {
    expect(() =>
      assertCardMatchesServer(
        {
          ...input,
          capabilities: { streaming: true, pushNotifications: false },
          supportedInterfaces: [
            { url: 'https://agent.example/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          ],
        },
        served,
      ),
    ).not.toThrow();
  });

  it('fails at startup when the card claims push notifications the server does not send', () => {
    expect(() =>
      assertCardMatchesServer({ ...input, capabilities: { pushNotifications: true } }, served),
    ).toThrow('capabilities.pushNotifications is true but the server does not support it');
  });

  it('lists every interface the server does not serve', () => {
    const attempt = () =>
      assertCardMatchesServer(
        {
          ...input,
          supportedInterfaces: [
            { url: 'https://a/grpc', protocolBinding: 'GRPC', protocolVersion: '1.0' },
            { url: 'https://a/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '2.0' },
            { url: 'https://a/elsewhere', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
          ],
        },
        served,
      );
    expect(attempt).toThrow(
      [
        'The agent card does not match the server:',
        '- supportedInterfaces[0]: the server does not serve GRPC',
        '- supportedInterfaces[1]: the server does not serve protocol version 2.0',
        '- supportedInterfaces[2]: https://a/elsewhere is not where the server serves HTTP+JSON (/a2a/rest)',
      ].join('\n'),
    );
  });
});
