import type { AgentCard, AgentCardSignature, AgentProvider } from '../v1/agent-card.ts';
import type { SecurityScheme } from '../v1/security-scheme.ts';
import type * as v03 from '../v03/index.ts';
import { agentCapabilitiesFromV03, agentCapabilitiesToV03 } from './agent-capabilities.ts';
import {
  agentInterfacesFromV03,
  agentInterfacesToV03,
  V03_CARD_PROTOCOL_VERSION,
} from './agent-interfaces.ts';
import { agentSkillFromV03, agentSkillToV03 } from './agent-skill.ts';
import { optional, optionalCopy } from './copy.ts';
import { at, requiredList, requiredString, type TranslateOptions } from './loss.ts';
import {
  securityRequirementFromV03,
  securityRequirementToV03,
  securitySchemeFromV03,
  securitySchemeToV03,
} from './security.ts';

/** 0.3 agent provider → 1.0; throws on an empty `organization` or `url` (1.0 REQUIRES both). */
export function agentProviderFromV03(
  provider: v03.AgentProvider,
  options: TranslateOptions = {},
): AgentProvider {
  return {
    url: requiredString(options, 'url', provider.url),
    organization: requiredString(options, 'organization', provider.organization),
  };
}

/** 0.3 card signature → 1.0 (same JWS fields); throws on an empty `protected` or `signature`. */
export function agentCardSignatureFromV03(
  signature: v03.AgentCardSignature,
  options: TranslateOptions = {},
): AgentCardSignature {
  return {
    protected: requiredString(options, 'protected', signature.protected),
    signature: requiredString(options, 'signature', signature.signature),
    ...optionalCopy('header', signature.header),
  };
}

/** 1.0 agent provider → 0.3; lossless. */
export function agentProviderToV03(provider: AgentProvider): v03.AgentProvider {
  return { organization: provider.organization, url: provider.url };
}

/** 1.0 card signature → 0.3; lossless. */
export function agentCardSignatureToV03(signature: AgentCardSignature): v03.AgentCardSignature {
  return {
    protected: signature.protected,
    signature: signature.signature,
    ...optionalCopy('header', signature.header),
  };
}

function schemesFromV03(
  schemes: Record<string, v03.SecurityScheme>,
  options: TranslateOptions,
): Record<string, SecurityScheme> {
  const entries = Object.entries(schemes).flatMap(([name, scheme]) => {
    const translated = securitySchemeFromV03(scheme, at(options, name));
    return translated === undefined ? [] : [[name, translated] as const];
  });
  return Object.fromEntries(entries);
}

/**
 * 0.3 agent card → 1.0. Endpoints as in {@link agentInterfacesFromV03}; `supportsAuthenticatedExtendedCard` →
 * `capabilities.extendedAgentCard`; `security` → `securityRequirements`; `protocolVersion` moves onto each interface.
 */
export function agentCardFromV03(card: v03.AgentCard, options: TranslateOptions = {}): AgentCard {
  const skills = at(options, 'skills');
  const signatures = at(options, 'signatures');
  const capabilities = at(options, 'capabilities');
  return {
    name: requiredString(options, 'name', card.name),
    description: card.description,
    supportedInterfaces: agentInterfacesFromV03(card, options),
    ...optional('provider', card.provider && agentProviderFromV03(card.provider, at(options, 'provider'))),
    version: requiredString(options, 'version', card.version),
    ...optional('documentationUrl', card.documentationUrl),
    capabilities: agentCapabilitiesFromV03(
      card.capabilities,
      card.supportsAuthenticatedExtendedCard,
      capabilities,
    ),
    ...optional(
      'securitySchemes',
      card.securitySchemes && schemesFromV03(card.securitySchemes, at(options, 'securitySchemes')),
    ),
    ...optional(
      'securityRequirements',
      card.security?.map((requirement) => securityRequirementFromV03(requirement)),
    ),
    defaultInputModes: [...requiredList(options, 'defaultInputModes', card.defaultInputModes)],
    defaultOutputModes: [...requiredList(options, 'defaultOutputModes', card.defaultOutputModes)],
    skills: card.skills.map((skill, index) => agentSkillFromV03(skill, at(skills, index))),
    ...optional(
      'signatures',
      card.signatures?.map((signature, index) => agentCardSignatureFromV03(signature, at(signatures, index))),
    ),
    ...optional('iconUrl', card.iconUrl),
  };
}

/**
 * 1.0 agent card → 0.3 with `protocolVersion` "0.3.0". Endpoints as in {@link agentInterfacesToV03};
 * `capabilities.extendedAgentCard` → `supportsAuthenticatedExtendedCard`; security schemes as in
 * {@link securitySchemeToV03}.
 */
export function agentCardToV03(card: AgentCard, options: TranslateOptions = {}): v03.AgentCard {
  const endpoints = agentInterfacesToV03(card.supportedInterfaces, at(options, 'supportedInterfaces'));
  const schemes = at(options, 'securitySchemes');
  return {
    protocolVersion: V03_CARD_PROTOCOL_VERSION,
    name: card.name,
    description: card.description,
    url: endpoints.url,
    preferredTransport: endpoints.preferredTransport,
    additionalInterfaces: endpoints.additionalInterfaces,
    ...optional('iconUrl', card.iconUrl),
    ...optional('provider', card.provider && agentProviderToV03(card.provider)),
    version: card.version,
    ...optional('documentationUrl', card.documentationUrl),
    capabilities: agentCapabilitiesToV03(card.capabilities, at(options, 'capabilities')),
    ...optional(
      'securitySchemes',
      card.securitySchemes &&
        Object.fromEntries(
          Object.entries(card.securitySchemes).map(([name, scheme]) => [
            name,
            securitySchemeToV03(scheme, at(schemes, name)),
          ]),
        ),
    ),
    ...optional(
      'security',
      card.securityRequirements?.map((requirement) => securityRequirementToV03(requirement)),
    ),
    defaultInputModes: [...card.defaultInputModes],
    defaultOutputModes: [...card.defaultOutputModes],
    skills: card.skills.map((skill) => agentSkillToV03(skill)),
    ...optional('supportsAuthenticatedExtendedCard', card.capabilities.extendedAgentCard),
    ...optional(
      'signatures',
      card.signatures?.map((signature) => agentCardSignatureToV03(signature)),
    ),
  };
}
