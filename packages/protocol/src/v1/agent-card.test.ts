import { describe, expect, it } from 'vitest';
import { AgentCardSchema, GetExtendedAgentCardRequestSchema } from './agent-card.ts';

const card = {
  name: 'Outline Agent',
  description: 'Writes outlines',
  supportedInterfaces: [
    { url: 'https://outline.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
  ],
  version: '0.1.0',
  capabilities: { streaming: true },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/markdown'],
  skills: [{ id: 'outline', name: 'Outline', description: 'Outline a topic', tags: ['writing'] }],
};

function pathsOf(input: unknown) {
  return AgentCardSchema.safeParse(input).error?.issues.map((issue) => issue.path);
}

describe('AgentCardSchema', () => {
  it('accepts a minimal card unchanged', () => {
    expect(AgentCardSchema.parse(card)).toEqual(card);
  });

  it('reads a snake_case card with every optional field and outputs the canonical form', () => {
    const parsed = AgentCardSchema.parse({
      name: 'Outline Agent',
      description: 'Writes outlines',
      version: '0.1.0',
      supported_interfaces: [
        { url: 'https://x/rest', protocol_binding: 'HTTP+JSON', protocol_version: '1.0', tenant: 'acme' },
      ],
      provider: { organization: 'Baton', url: 'https://baton.example' },
      documentation_url: 'https://docs.example',
      icon_url: 'https://x/icon.png',
      capabilities: {
        streaming: false,
        push_notifications: true,
        extended_agent_card: true,
        extensions: [{ uri: 'https://ext/v1', required: true, params: { some_key: 1 } }],
      },
      security_schemes: { bearer: { http_auth_security_scheme: { scheme: 'Bearer', bearer_format: 'JWT' } } },
      security_requirements: [{ schemes: { bearer: { list: [] } } }],
      default_input_modes: ['text/plain'],
      default_output_modes: ['application/json'],
      skills: [
        {
          id: 's',
          name: 'S',
          description: 'd',
          tags: ['t'],
          examples: ['e'],
          input_modes: ['text/plain'],
          output_modes: ['image/png'],
          security_requirements: [{ schemes: { bearer: {} } }],
        },
      ],
      signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'c2ln', header: { kid: 'k1' } }],
    });
    expect(parsed).toEqual({
      name: 'Outline Agent',
      description: 'Writes outlines',
      supportedInterfaces: [
        { url: 'https://x/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: 'acme' },
      ],
      provider: { organization: 'Baton', url: 'https://baton.example' },
      version: '0.1.0',
      documentationUrl: 'https://docs.example',
      capabilities: {
        streaming: false,
        pushNotifications: true,
        extendedAgentCard: true,
        extensions: [{ uri: 'https://ext/v1', required: true, params: { some_key: 1 } }],
      },
      securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' } } },
      securityRequirements: [{ schemes: { bearer: { list: [] } } }],
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['application/json'],
      skills: [
        {
          id: 's',
          name: 'S',
          description: 'd',
          tags: ['t'],
          examples: ['e'],
          inputModes: ['text/plain'],
          outputModes: ['image/png'],
          securityRequirements: [{ schemes: { bearer: {} } }],
        },
      ],
      signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'c2ln', header: { kid: 'k1' } }],
      iconUrl: 'https://x/icon.png',
    });
    expect(AgentCardSchema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });

  it('accepts an empty skill list and an empty description, as in the spec canonicalization example', () => {
    expect(AgentCardSchema.parse({ ...card, description: '', skills: [] })).toEqual({
      ...card,
      description: '',
      skills: [],
    });
  });

  it('reads an omitted skill list as empty, since ProtoJSON writers omit empty lists', () => {
    const { skills: _, ...withoutSkills } = card;
    expect(AgentCardSchema.parse(withoutSkills).skills).toEqual([]);
  });

  it('rejects a card with no interfaces or no input modes', () => {
    expect(pathsOf({ ...card, supportedInterfaces: [] })).toEqual([['supportedInterfaces']]);
    expect(pathsOf({ ...card, defaultInputModes: [] })).toEqual([['defaultInputModes']]);
  });

  it('rejects a 0.3 card, naming the 1.0 fields it lacks', () => {
    const { supportedInterfaces: _, ...rest } = card;
    expect(
      pathsOf({ ...rest, url: 'https://x', protocolVersion: '0.3', preferredTransport: 'JSONRPC' }),
    ).toEqual([['supportedInterfaces']]);
  });

  it('accepts a skill with empty or missing tags, as ProtoJSON cannot tell them apart', () => {
    const parsed = AgentCardSchema.parse({ ...card, skills: [{ id: 's', name: 'S', description: 'd' }] });
    expect(parsed.skills[0]?.tags).toEqual([]);
  });

  it('names the skill whose tags are not strings', () => {
    const skill = { id: 's', name: 'S', description: 'd', tags: [1] };
    expect(pathsOf({ ...card, skills: [skill] })).toEqual([['skills', 0, 'tags', 0]]);
  });

  it('names the security scheme that breaks the oneof', () => {
    expect(pathsOf({ ...card, securitySchemes: { broken: {} } })).toEqual([['securitySchemes', 'broken']]);
  });

  it('rejects an interface without protocolVersion and a signature without signature', () => {
    expect(
      pathsOf({
        ...card,
        supportedInterfaces: [{ url: 'https://x', protocolBinding: 'GRPC' }],
        signatures: [{ protected: 'eyJ9' }],
      }),
    ).toEqual([
      ['supportedInterfaces', 0, 'protocolVersion'],
      ['signatures', 0, 'signature'],
    ]);
  });
});

describe('GetExtendedAgentCardRequestSchema', () => {
  it('accepts an empty request and a tenant', () => {
    expect(GetExtendedAgentCardRequestSchema.parse({})).toEqual({});
    expect(GetExtendedAgentCardRequestSchema.parse({ tenant: 'acme' })).toEqual({ tenant: 'acme' });
  });
});
