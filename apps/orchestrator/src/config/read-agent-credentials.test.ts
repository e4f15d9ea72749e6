import { isOAuthCredential } from '@baton/client';
import type { AgentCard } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { readAgentCredentials } from './read-agent-credentials.ts';

const card = {
  securitySchemes: {
    sso: {
      openIdConnectSecurityScheme: {
        openIdConnectUrl: 'https://auth.example/.well-known/openid-configuration',
      },
    },
    key: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } },
    oauth2: {
      oauth2SecurityScheme: {
        flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: {} } },
      },
    },
  },
} as unknown as AgentCard;

describe('readAgentCredentials', () => {
  it('gives one OAuth credential to every OAuth scheme of a card, whatever its name, and nothing else', () => {
    const credentialsFor = readAgentCredentials({
      BATON_AGENT_OAUTH_CLIENT_ID: 'orchestrator',
      BATON_AGENT_OAUTH_CLIENT_SECRET: 'a-secret',
      BATON_AGENT_OAUTH_SCOPES: 'a2a:send, docs:write',
    });
    const credentials = credentialsFor?.(card) ?? {};
    expect(Object.keys(credentials).sort()).toEqual(['oauth2', 'sso']);
    expect(isOAuthCredential(credentials.sso)).toBe(true);
    expect(credentials.sso).toBe(credentials.oauth2);
  });

  it('is off when unset, and refuses half a configuration', () => {
    expect(readAgentCredentials({})).toBeUndefined();
    expect(() => readAgentCredentials({ BATON_AGENT_OAUTH_CLIENT_ID: 'orchestrator' })).toThrow(
      /go together/,
    );
  });
});
