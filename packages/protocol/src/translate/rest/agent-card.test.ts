import { describe, expect, it } from 'vitest';
import { expectValid, loadJson, recording } from '../../../test/fixtures/translate/helpers.ts';
import { type AgentCard, AgentCardSchema } from '../../v1/agent-card.ts';
import * as rest from '../../v03/rest/index.ts';
import { TranslationError } from '../loss.ts';
import { agentCardFromV03, agentCardToV03 } from './agent-card.ts';
import { securitySchemeFromV03, securitySchemeToV03 } from './security.ts';

const restCard = rest.AgentCardSchema.parse(loadJson('translate/v03-rest-full-card.json'));
const { iconUrl: _, ...v1Card } = AgentCardSchema.parse(loadJson('translate/v1-full-card.json'));

describe('REST agent cards', () => {
  it('0.3 REST → 1.0 gives the exact expected card, without losses', () => {
    const { losses, options } = recording();
    const result = agentCardFromV03(restCard, options);
    expect(result).toStrictEqual(v1Card);
    expectValid(AgentCardSchema, result);
    expect(losses).toEqual([]);
  });

  it('1.0 → 0.3 REST gives the exact expected card, without losses', () => {
    const { losses, options } = recording();
    const result = agentCardToV03(v1Card, options);
    expect(result).toStrictEqual(restCard);
    expectValid(rest.AgentCardSchema, result);
    expect(losses).toEqual([]);
  });

  it('drops iconUrl and reports it', () => {
    const { losses, options } = recording();
    expect(agentCardToV03({ ...v1Card, iconUrl: 'https://i' }, options)).toStrictEqual(restCard);
    expect(losses).toEqual([{ path: 'iconUrl', reason: '0.3 REST cards have no iconUrl; dropped' }]);
  });

  it('drops an OAuth scheme whose flow is deviceCode and reports it', () => {
    const { losses, options } = recording();
    const card: AgentCard = {
      ...v1Card,
      securitySchemes: {
        device: {
          oauth2SecurityScheme: {
            flows: { deviceCode: { deviceAuthorizationUrl: 'https://d', tokenUrl: 'https://t', scopes: {} } },
          },
        },
      },
    };
    expect(agentCardToV03(card, options).securitySchemes).toStrictEqual({});
    expect(losses).toEqual([
      {
        path: 'securitySchemes.device.oauth2SecurityScheme.flows.deviceCode',
        reason: '0.3 has no device code flow; the 0.3 scheme lists no flows',
      },
      {
        path: 'securitySchemes.device.oauth2SecurityScheme.flows',
        reason: '0.3 REST OAuth schemes need one flow and this one has none; scheme dropped',
      },
    ]);
    expect(() => agentCardToV03(card, { strict: true })).toThrow(TranslationError);
  });

  it('reports pkceRequired under the scheme', () => {
    const { losses, options } = recording();
    const result = securitySchemeToV03(
      {
        oauth2SecurityScheme: {
          flows: {
            authorizationCode: { authorizationUrl: 'a', tokenUrl: 't', scopes: {}, pkceRequired: true },
          },
        },
      },
      options,
    );
    expect(result).toStrictEqual({
      oauth2SecurityScheme: {
        flows: { authorizationCode: { authorizationUrl: 'a', tokenUrl: 't', scopes: {} } },
      },
    });
    expect(losses.map((loss) => loss.path)).toEqual([
      'oauth2SecurityScheme.flows.authorizationCode.pkceRequired',
    ]);
  });

  it('throws on an empty API key name', () => {
    expect(() => securitySchemeFromV03({ apiKeySecurityScheme: { location: 'header', name: '' } })).toThrow(
      'A2A 1.0 cannot express apiKeySecurityScheme.name: is empty',
    );
  });

  it('round-trips both ways', () => {
    expect(agentCardToV03(agentCardFromV03(restCard))).toStrictEqual(restCard);
    expect(agentCardFromV03(agentCardToV03(v1Card))).toStrictEqual(v1Card);
  });
});
