import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveAgentCard } from './resolve-agent-card.ts';

function fixture(name: string): Record<string, unknown> {
  const url = new URL(`../../../protocol/test/fixtures/v03/${name}`, import.meta.url);
  return JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Record<string, unknown>;
}

const v1Card = {
  name: 'Planner',
  description: 'Plans trips',
  version: '1.0.0',
  supportedInterfaces: [
    { url: 'https://agent.example/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'https://agent.example/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: 't1' },
  ],
  capabilities: { streaming: true },
  securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [],
};

describe('resolveAgentCard with a card object (shape detection)', () => {
  it('reads the 0.3 spec card (§5.7) into 1.0 interfaces with its version per interface', async () => {
    const raw = fixture('spec-5.7-agent-card.json');
    const resolved = await resolveAgentCard(raw);
    expect(resolved.shape).toBe('0.3');
    expect(resolved.raw).toBe(raw);
    expect(resolved.url).toBeUndefined();
    expect(resolved.card.supportedInterfaces).toEqual([
      {
        url: 'https://georoute-agent.example.com/a2a/v1',
        protocolBinding: 'JSONRPC',
        protocolVersion: '0.2',
      },
      { url: 'https://georoute-agent.example.com/a2a/grpc', protocolBinding: 'GRPC', protocolVersion: '0.2' },
      {
        url: 'https://georoute-agent.example.com/a2a/json',
        protocolBinding: 'HTTP+JSON',
        protocolVersion: '0.2',
      },
    ]);
    expect(resolved.card.securitySchemes?.google).toEqual({
      openIdConnectSecurityScheme: {
        openIdConnectUrl: 'https://accounts.google.com/.well-known/openid-configuration',
      },
    });
    expect(resolved.card.securityRequirements).toEqual([
      { schemes: { google: { list: ['openid', 'profile', 'email'] } } },
    ]);
  });

  it('reads the digest 0.3 card as 0.3 interfaces', async () => {
    const resolved = await resolveAgentCard(fixture('digest-2.4-agent-card.json'));
    expect(resolved.shape).toBe('0.3');
    expect(resolved.card.supportedInterfaces.map((entry) => entry.protocolVersion)).toEqual(['0.3', '0.3']);
  });

  it('reads a 1.0 card as given', async () => {
    const resolved = await resolveAgentCard(v1Card);
    expect(resolved.shape).toBe('1.0');
    expect(resolved.card.supportedInterfaces).toEqual(v1Card.supportedInterfaces);
  });

  it('reads raw JSON text as a card', async () => {
    expect((await resolveAgentCard(JSON.stringify(v1Card))).card.name).toBe('Planner');
  });

  it('reads a hybrid card: interfaces from supportedInterfaces, security and capabilities as 0.3 shapes', async () => {
    const hybrid = {
      ...fixture('digest-2.4-agent-card.json'),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      supportsAuthenticatedExtendedCard: true,
      supportedInterfaces: v1Card.supportedInterfaces,
    };
    const resolved = await resolveAgentCard(hybrid);
    expect(resolved.shape).toBe('hybrid');
    expect(resolved.card.supportedInterfaces).toEqual(v1Card.supportedInterfaces);
    expect(resolved.card.securitySchemes).toEqual({
      bearer: { httpAuthSecurityScheme: { scheme: 'bearer' } },
    });
    expect(resolved.card.capabilities.extendedAgentCard).toBe(true);
  });

  it('accepts a 1.0 card that also carries stray url and protocolVersion fields', async () => {
    const resolved = await resolveAgentCard({
      ...v1Card,
      url: 'https://agent.example/rpc',
      protocolVersion: '1.0',
    });
    expect(resolved.shape).toBe('1.0');
    expect(resolved.card.securitySchemes).toEqual(v1Card.securitySchemes);
  });

  it.each([
    [
      'a 1.0 card without interface url',
      { ...v1Card, supportedInterfaces: [{ protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] },
      /1\.0 agent card: supportedInterfaces\[0\]\.url/,
    ],
    [
      'a 1.0 card with no interfaces',
      { ...v1Card, supportedInterfaces: [] },
      /supportedInterfaces: must contain at least one interface/,
    ],
    [
      'a 0.3 card without name',
      { ...fixture('digest-2.4-agent-card.json'), name: undefined },
      /0\.3 agent card: name/,
    ],
    [
      'a hybrid card with a bad interface',
      { ...fixture('digest-2.4-agent-card.json'), supportedInterfaces: [{ url: 'x' }] },
      /hybrid agent card: supportedInterfaces\[0\]\.protocolBinding/,
    ],
    ['an array', [v1Card], /expected a JSON object/],
    ['broken JSON text', '{"name":', /not valid JSON/],
  ])('rejects %s as PROTOCOL naming the field', async (_label, raw, message) => {
    await expect(resolveAgentCard(raw as Record<string, unknown>)).rejects.toMatchObject({
      name: 'A2AClientError',
      code: 'PROTOCOL',
      message: expect.stringMatching(message),
    });
  });
});
