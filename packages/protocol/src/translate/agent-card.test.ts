import { describe, expect, it } from 'vitest';
import { expectValid, loadJson, recording } from '../../test/fixtures/translate/helpers.ts';
import { type AgentCard, AgentCardSchema } from '../v1/agent-card.ts';
import * as v03 from '../v03/index.ts';
import { agentCardFromV03, agentCardToV03 } from './agent-card.ts';
import { majorMinor } from './agent-interfaces.ts';
import { TranslationError } from './loss.ts';

const v03Card = v03.AgentCardSchema.parse(loadJson('translate/v03-full-card.json'));
const v1Card = AgentCardSchema.parse(loadJson('translate/v1-full-card.json'));

const minimalV1: AgentCard = {
  name: 'A',
  description: '',
  supportedInterfaces: [{ url: 'https://a/rpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3' }],
  version: '1',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [],
};

describe('agent cards, every field', () => {
  it('0.3 → 1.0 gives the exact expected card, without losses', () => {
    const { losses, options } = recording();
    const result = agentCardFromV03(v03Card, options);
    expect(result).toStrictEqual(v1Card);
    expectValid(AgentCardSchema, result);
    expect(losses).toEqual([]);
  });

  it('1.0 → 0.3 gives the exact expected card, without losses', () => {
    const { losses, options } = recording();
    const result = agentCardToV03(v1Card, options);
    expect(result).toStrictEqual(v03Card);
    expectValid(v03.AgentCardSchema, result);
    expect(losses).toEqual([]);
  });

  it('copies nested objects instead of sharing them', () => {
    const result = agentCardFromV03(v03Card);
    expect(result.capabilities.extensions?.[0]?.params).not.toBe(
      v03Card.capabilities.extensions?.[0]?.params,
    );
    expect(result.signatures?.[0]?.header).not.toBe(v03Card.signatures?.[0]?.header);
    expect(result.defaultInputModes).not.toBe(v03Card.defaultInputModes);
  });
});

describe('agent card interfaces, 0.3 → 1.0', () => {
  it('puts url + preferredTransport first and deduplicates additionalInterfaces', () => {
    const result = agentCardFromV03({
      ...v03Card,
      protocolVersion: '0.3',
      preferredTransport: 'HTTP+JSON',
      url: 'https://a/rest',
      additionalInterfaces: [
        { url: 'https://a/rpc', transport: 'JSONRPC' },
        { url: 'https://a/rest', transport: 'HTTP+JSON' },
        { url: 'https://a/rpc', transport: 'JSONRPC' },
      ],
    });
    expect(result.supportedInterfaces).toStrictEqual([
      { url: 'https://a/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '0.3' },
      { url: 'https://a/rpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ]);
  });

  it('defaults a missing preferredTransport to JSONRPC', () => {
    const { preferredTransport: _, additionalInterfaces: __, ...bare } = v03Card;
    expect(agentCardFromV03(bare).supportedInterfaces).toStrictEqual([
      { url: 'https://agent.example.com/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ]);
  });

  it('writes protocolVersion as Major.Minor, reporting a patch level other than 0', () => {
    const { losses, options } = recording();
    const result = agentCardFromV03({ ...v03Card, protocolVersion: '0.2.9' }, options);
    expect(result.supportedInterfaces.map((entry) => entry.protocolVersion)).toEqual(['0.2', '0.2', '0.2']);
    expect(losses).toEqual([
      { path: 'protocolVersion', reason: '1.0 interfaces carry Major.Minor only; 0.2.9 written as 0.2' },
    ]);
  });

  it('reports and drops stateTransitionHistory, whatever its value', () => {
    const { losses, options } = recording();
    const result = agentCardFromV03(
      { ...v03Card, capabilities: { streaming: true, stateTransitionHistory: false } },
      options,
    );
    expect(result.capabilities).toStrictEqual({ streaming: true, extendedAgentCard: true });
    expect(losses).toEqual([
      { path: 'capabilities.stateTransitionHistory', reason: '1.0 removed this capability; dropped' },
    ]);
    expect(() =>
      agentCardFromV03({ ...v03Card, capabilities: { stateTransitionHistory: true } }, { strict: true }),
    ).toThrow(
      new TranslationError(
        '1.0',
        'capabilities.stateTransitionHistory',
        '1.0 removed this capability; dropped',
      ),
    );
  });

  it.each([
    ['name', { name: '' }, 'name'],
    ['version', { version: '' }, 'version'],
    ['url', { url: '' }, 'url'],
    [
      'a transport',
      { additionalInterfaces: [{ url: 'https://x', transport: '' }] },
      'additionalInterfaces[0].transport',
    ],
    ['default modes', { defaultInputModes: [] }, 'defaultInputModes'],
    [
      'a skill description',
      { skills: [{ id: 's', name: 'S', description: '', tags: ['t'] }] },
      'skills[0].description',
    ],
    ['provider organization', { provider: { organization: '', url: 'https://p' } }, 'provider.organization'],
    ['a signature', { signatures: [{ protected: '', signature: 's' }] }, 'signatures[0].protected'],
  ])('throws on empty %s, strict or not', (_, change, path) => {
    const attempt = () => agentCardFromV03({ ...v03Card, ...change } as v03.AgentCard);
    expect(attempt).toThrow(TranslationError);
    expect(attempt).toThrow(`A2A 1.0 cannot express ${path}: is empty`);
  });
});

describe('agent card skills, 0.3 → 1.0', () => {
  it('keeps a skill with no tags, as real 0.3 cards send', () => {
    const card = agentCardFromV03({
      ...v03Card,
      skills: [{ id: 's', name: 'S', description: 'd', tags: [] }],
    });
    expect(card.skills).toEqual([{ id: 's', name: 'S', description: 'd', tags: [] }]);
  });
});

describe('agent card interfaces, 1.0 → 0.3', () => {
  it('uses only the 0.3 interfaces of a mixed card and reports the others', () => {
    const { losses, options } = recording();
    const result = agentCardToV03(
      {
        ...minimalV1,
        supportedInterfaces: [
          { url: 'https://a/v1/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          { url: 'https://a/rpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
          { url: 'https://a/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '0.3.0' },
        ],
      },
      options,
    );
    expect(result).toStrictEqual({
      protocolVersion: '0.3.0',
      name: 'A',
      description: '',
      url: 'https://a/rpc',
      preferredTransport: 'JSONRPC',
      additionalInterfaces: [
        { url: 'https://a/rpc', transport: 'JSONRPC' },
        { url: 'https://a/rest', transport: 'HTTP+JSON' },
      ],
      version: '1',
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [],
    });
    expect(losses).toEqual([
      {
        path: 'supportedInterfaces[0]',
        reason: 'speaks protocolVersion 1.0; a 0.3 card lists only 0.3 interfaces, dropped',
      },
    ]);
  });

  it('uses all interfaces when none is at 0.3, and reports it', () => {
    const { losses, options } = recording();
    const result = agentCardToV03(
      {
        ...minimalV1,
        supportedInterfaces: [
          { url: 'https://a/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          { url: 'https://a/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
        ],
      },
      options,
    );
    expect([result.url, result.preferredTransport, result.additionalInterfaces]).toStrictEqual([
      'https://a/rpc',
      'JSONRPC',
      [
        { url: 'https://a/rpc', transport: 'JSONRPC' },
        { url: 'https://a/rest', transport: 'HTTP+JSON' },
      ],
    ]);
    expect(losses).toEqual([
      {
        path: 'supportedInterfaces',
        reason: 'no interface speaks protocolVersion 0.3; all are listed on the 0.3 card anyway',
      },
    ]);
  });

  it('reports an interface tenant', () => {
    const { losses, options } = recording();
    agentCardToV03(
      {
        ...minimalV1,
        supportedInterfaces: [
          { url: 'https://a', protocolBinding: 'GRPC', protocolVersion: '0.3', tenant: 'acme' },
        ],
      },
      options,
    );
    expect(losses).toEqual([
      { path: 'supportedInterfaces[0].tenant', reason: '0.3 has no tenant; "acme" dropped' },
    ]);
    expect(() =>
      agentCardToV03(
        {
          ...minimalV1,
          supportedInterfaces: [{ url: 'a', protocolBinding: 'GRPC', protocolVersion: '0.3', tenant: 't' }],
        },
        { strict: true },
      ),
    ).toThrow('A2A 0.3 cannot express supportedInterfaces[0].tenant');
  });

  it('moves extendedAgentCard to supportsAuthenticatedExtendedCard and writes a missing extension uri as ""', () => {
    const { losses, options } = recording();
    const result = agentCardToV03(
      { ...minimalV1, capabilities: { extendedAgentCard: false, extensions: [{ required: true }] } },
      options,
    );
    expect(result.supportsAuthenticatedExtendedCard).toBe(false);
    expect(result.capabilities).toStrictEqual({ extensions: [{ uri: '', required: true }] });
    expect(losses).toEqual([
      {
        path: 'capabilities.extensions[0].uri',
        reason: '0.3 REQUIRES an extension uri; the missing one is written as ""',
      },
    ]);
    expect(agentCardFromV03(result).capabilities).toStrictEqual({
      extendedAgentCard: false,
      extensions: [{ required: true }],
    });
  });

  it('reads Major.Minor from version strings', () => {
    expect([majorMinor('0.3'), majorMinor('0.3.0'), majorMinor('10.21.3'), majorMinor('v1')]).toEqual([
      '0.3',
      '0.3',
      '10.21',
      undefined,
    ]);
  });
});

describe('agent card round trips', () => {
  it('0.3 → 1.0 → 0.3 gives back a canonical card', () => {
    expect(agentCardToV03(agentCardFromV03(v03Card))).toStrictEqual(v03Card);
  });

  it('1.0 → 0.3 → 1.0 gives back a card whose interfaces are all at 0.3', () => {
    expect(agentCardFromV03(agentCardToV03(v1Card))).toStrictEqual(v1Card);
    expect(agentCardFromV03(agentCardToV03(minimalV1))).toStrictEqual(minimalV1);
  });
});
