import type { AgentCard } from '../../v1/agent-card.ts';
import type { AgentSkill } from '../../v1/agent-skill.ts';
import type { SecurityScheme } from '../../v1/security-scheme.ts';
import type * as rest from '../../v03/rest/index.ts';
import { agentCapabilitiesFromV03, agentCapabilitiesToV03 } from '../agent-capabilities.ts';
import {
  agentCardSignatureFromV03,
  agentCardSignatureToV03,
  agentProviderFromV03,
  agentProviderToV03,
} from '../agent-card.ts';
import {
  agentInterfacesFromV03,
  agentInterfacesToV03,
  V03_CARD_PROTOCOL_VERSION,
} from '../agent-interfaces.ts';
import { optional, optionalCopy } from '../copy.ts';
import { at, lossTo03, requiredList, requiredString, type TranslateOptions } from '../loss.ts';
import {
  securityRequirementFromV03,
  securityRequirementToV03,
  securitySchemeFromV03,
  securitySchemeToV03,
} from './security.ts';

/** 0.3 REST skill → 1.0 (`security` → `securityRequirements`); throws on an empty id, name, description or tags. */
export function agentSkillFromV03(skill: rest.AgentSkill, options: TranslateOptions = {}): AgentSkill {
  return {
    id: requiredString(options, 'id', skill.id),
    name: requiredString(options, 'name', skill.name),
    description: requiredString(options, 'description', skill.description),
    tags: [...requiredList(options, 'tags', skill.tags)],
    ...optionalCopy('examples', skill.examples),
    ...optionalCopy('inputModes', skill.inputModes),
    ...optionalCopy('outputModes', skill.outputModes),
    ...optional(
      'securityRequirements',
      skill.security?.map((requirement) => securityRequirementFromV03(requirement)),
    ),
  };
}

/** 1.0 skill → 0.3 REST; lossless. */
export function agentSkillToV03(skill: AgentSkill): rest.AgentSkill {
  return {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    tags: [...skill.tags],
    ...optionalCopy('examples', skill.examples),
    ...optionalCopy('inputModes', skill.inputModes),
    ...optionalCopy('outputModes', skill.outputModes),
    ...optional(
      'security',
      skill.securityRequirements?.map((requirement) => securityRequirementToV03(requirement)),
    ),
  };
}

function schemesFromV03(schemes: Record<string, rest.SecurityScheme>, options: TranslateOptions) {
  const entries = Object.entries(schemes).map(([name, scheme]) => [
    name,
    securitySchemeFromV03(scheme, at(options, name)),
  ]);
  return Object.fromEntries(entries) as Record<string, SecurityScheme>;
}

function schemesToV03(schemes: Record<string, SecurityScheme>, options: TranslateOptions) {
  const entries = Object.entries(schemes).flatMap(([name, scheme]) => {
    const translated = securitySchemeToV03(scheme, at(options, name));
    return translated === undefined ? [] : [[name, translated] as const];
  });
  return Object.fromEntries(entries) as Record<string, rest.SecurityScheme>;
}

/** 0.3 REST card (`GET /v1/card`) → 1.0; endpoints and capabilities as in the JSON-RPC card translation. */
export function agentCardFromV03(card: rest.AgentCard, options: TranslateOptions = {}): AgentCard {
  const skills = at(options, 'skills');
  const signatures = at(options, 'signatures');
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
      at(options, 'capabilities'),
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
  };
}

/** 1.0 card → 0.3 REST card; the 0.3 proto card has no `iconUrl` (reported), the rest as in `agentCardToV03`. */
export function agentCardToV03(card: AgentCard, options: TranslateOptions = {}): rest.AgentCard {
  if (card.iconUrl !== undefined) lossTo03(options, 'iconUrl', '0.3 REST cards have no iconUrl; dropped');
  const endpoints = agentInterfacesToV03(card.supportedInterfaces, at(options, 'supportedInterfaces'));
  return {
    protocolVersion: V03_CARD_PROTOCOL_VERSION,
    name: card.name,
    description: card.description,
    url: endpoints.url,
    preferredTransport: endpoints.preferredTransport,
    additionalInterfaces: endpoints.additionalInterfaces,
    ...optional('provider', card.provider && agentProviderToV03(card.provider)),
    version: card.version,
    ...optional('documentationUrl', card.documentationUrl),
    capabilities: agentCapabilitiesToV03(card.capabilities, at(options, 'capabilities')),
    ...optional(
      'securitySchemes',
      card.securitySchemes && schemesToV03(card.securitySchemes, at(options, 'securitySchemes')),
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
