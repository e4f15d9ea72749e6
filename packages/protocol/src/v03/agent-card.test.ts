import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { AgentCardSchema, ProtocolVersionSchema } from './agent-card.ts';

function issues(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

const card = {
  protocolVersion: '0.3.0',
  name: 'Outline agent',
  description: 'Writes outlines',
  url: 'http://127.0.0.1:4001/a2a/jsonrpc',
  version: '0.1.0',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/markdown'],
  skills: [],
};

describe('AgentCardSchema', () => {
  it('parses a minimal card without adding defaults', () => {
    expect(AgentCardSchema.parse(card)).toEqual(card);
  });

  it('keeps every optional 0.3 field', () => {
    const full = {
      ...card,
      preferredTransport: 'JSONRPC',
      additionalInterfaces: [
        { url: 'http://127.0.0.1:4001/a2a/jsonrpc', transport: 'JSONRPC' },
        { url: 'ws://127.0.0.1:4001/ws', transport: 'https://example.com/bindings/websocket' },
      ],
      iconUrl: 'http://127.0.0.1:4001/icon.png',
      provider: { organization: 'Baton', url: 'https://baton.example' },
      documentationUrl: 'https://baton.example/docs',
      capabilities: {
        streaming: true,
        pushNotifications: true,
        stateTransitionHistory: false,
        extensions: [{ uri: 'https://ext.example/v1', description: 'x', required: false, params: { a: 1 } }],
      },
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      security: [{ key: [] }],
      skills: [
        {
          id: 'outline',
          name: 'Outline',
          description: 'Outline a topic',
          tags: ['writing'],
          examples: ['Outline the history of tea'],
          inputModes: ['text/plain'],
          outputModes: ['application/json'],
          security: [{ key: [] }],
        },
      ],
      supportsAuthenticatedExtendedCard: true,
      signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'c2ln', header: { kid: 'k1' } }],
    };
    expect(AgentCardSchema.parse(full)).toEqual(full);
  });

  it('ignores the 1.0 fields of a hybrid card', () => {
    const hybrid = {
      ...card,
      supportedInterfaces: [{ url: card.url, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    };
    expect(AgentCardSchema.parse(hybrid)).toEqual(card);
  });

  it('treats null optional fields as absent', () => {
    expect(
      AgentCardSchema.parse({ ...card, provider: null, iconUrl: null, preferredTransport: null }),
    ).toEqual(card);
  });

  it('names each missing required field', () => {
    const { url: _u, skills: _s, ...partial } = card;
    expect(issues(AgentCardSchema, partial)?.map((issue) => issue.path)).toEqual([['url'], ['skills']]);
  });

  it('names the skill and the security scheme that are wrong', () => {
    const bad = {
      ...card,
      skills: [{ id: 's', name: 'S', description: 'd' }],
      securitySchemes: { bearer: { type: 'bearer' } },
    };
    expect(issues(AgentCardSchema, bad)?.map((issue) => issue.path)).toEqual([
      ['securitySchemes', 'bearer', 'type'],
      ['skills', 0, 'tags'],
    ]);
  });
});

describe('ProtocolVersionSchema', () => {
  it.each(['0.3.0', '0.3', '0.2.9', '1.0', '10.20.30'])('accepts %s', (version) => {
    expect(ProtocolVersionSchema.parse(version)).toBe(version);
  });

  it.each(['0', 'v0.3', '0.3.0-rc1', '0.3.x', ''])('rejects %s', (version) => {
    expect(issues(AgentCardSchema, { ...card, protocolVersion: version })).toEqual([
      { path: ['protocolVersion'], message: 'must be a version such as 0.3 or 0.3.0 (Major.Minor[.Patch])' },
    ]);
  });
});
