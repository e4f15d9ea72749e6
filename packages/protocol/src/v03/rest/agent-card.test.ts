import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { AgentCardSchema } from './agent-card.ts';
import { SecuritySchemeSchema } from './security.ts';

function issues(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

const card = {
  protocolVersion: '0.3.0',
  name: 'Outline agent',
  description: 'Writes outlines',
  url: 'http://127.0.0.1:4001/a2a/rest',
  version: '0.1.0',
};

describe('0.3 proto-form AgentCardSchema', () => {
  it('fills in the proto3 defaults of a minimal card', () => {
    expect(AgentCardSchema.parse(card)).toEqual({
      ...card,
      capabilities: {},
      defaultInputModes: [],
      defaultOutputModes: [],
      skills: [],
    });
  });

  it('reads snake_case names throughout', () => {
    const { protocolVersion: _, ...withoutVersion } = card;
    const parsed = AgentCardSchema.parse({
      ...withoutVersion,
      protocol_version: '0.3',
      preferred_transport: 'HTTP+JSON',
      supports_authenticated_extended_card: true,
      skills: [{ id: 's', name: 'S', description: 'd', input_modes: ['text/plain'] }],
    });
    expect(parsed).toMatchObject({
      protocolVersion: '0.3',
      preferredTransport: 'HTTP+JSON',
      supportsAuthenticatedExtendedCard: true,
      skills: [{ id: 's', name: 'S', description: 'd', tags: [], inputModes: ['text/plain'] }],
    });
  });

  it('names the scheme that is not a oneof wrapper', () => {
    const bad = { ...card, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } };
    expect(issues(AgentCardSchema, bad)).toEqual([
      {
        path: ['securitySchemes', 'bearer'],
        message:
          'expected exactly one of apiKeySecurityScheme, httpAuthSecurityScheme, oauth2SecurityScheme, openIdConnectSecurityScheme, mtlsSecurityScheme, got none',
      },
    ]);
  });
});

describe('0.3 proto-form SecuritySchemeSchema', () => {
  it('reads an OAuth scheme with one flow and rejects two flows', () => {
    const flow = { token_url: 'https://auth.example.com/token', scopes: { read: 'Read' } };
    expect(SecuritySchemeSchema.parse({ oauth2_security_scheme: { flows: { password: flow } } })).toEqual({
      oauth2SecurityScheme: {
        flows: { password: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read' } } },
      },
    });
    const twoFlows = { oauth2SecurityScheme: { flows: { password: flow, clientCredentials: flow } } };
    expect(issues(SecuritySchemeSchema, twoFlows)?.[0]?.path).toEqual(['oauth2SecurityScheme', 'flows']);
  });
});

describe('0.3 proto messages that are the 1.0 ones', () => {
  it('reads an extension whose empty uri ProtoJSON left out', () => {
    const parsed = AgentCardSchema.parse({ ...card, capabilities: { extensions: [{ required: true }] } });
    expect(parsed.capabilities).toEqual({ extensions: [{ required: true }] });
  });

  it('rejects an empty signature, which both protos mark REQUIRED', () => {
    const signed = { ...card, signatures: [{ protected: 'eyJ9', signature: '' }] };
    expect(issues(AgentCardSchema, signed)?.map((issue) => issue.path)).toEqual([
      ['signatures', 0, 'signature'],
    ]);
  });

  it('reads a mutual TLS scheme with the 1.0 schema', () => {
    expect(SecuritySchemeSchema.parse({ mtls_security_scheme: { description: 'cert' } })).toEqual({
      mtlsSecurityScheme: { description: 'cert' },
    });
  });
});
