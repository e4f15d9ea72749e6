import type { AgentSkill } from '../../v1/agent-skill.ts';
import type * as v03 from '../../v03/index.ts';
import type * as rest from '../../v03/rest/index.ts';
import * as jsonRpcCard from '../agent-card.ts';
import * as jsonRpcSkill from '../agent-skill.ts';
import { cloneJson, optional } from '../copy.ts';
import { at, joinPath, lossTo03, type TranslateOptions, TranslationError } from '../loss.ts';
import { composeFromV03, composeToV03 } from './compose.ts';
import {
  securityRequirementFromJsonRpc,
  securityRequirementToJsonRpc,
  securitySchemeFromJsonRpc,
  securitySchemeToJsonRpc,
} from './security.ts';

/** 0.3 REST skill → 0.3 JSON-RPC (security requirements as `{name: scopes}`); lossless. */
export function agentSkillToJsonRpc(skill: rest.AgentSkill): v03.AgentSkill {
  const { security, ...fields } = skill;
  return {
    ...cloneJson(fields),
    ...optional(
      'security',
      security?.map((requirement) => securityRequirementToJsonRpc(requirement)),
    ),
  };
}

/** 0.3 JSON-RPC skill → 0.3 REST; lossless. */
export function agentSkillFromJsonRpc(skill: v03.AgentSkill): rest.AgentSkill {
  const { security, ...fields } = skill;
  return {
    ...cloneJson(fields),
    ...optional(
      'security',
      security?.map((requirement) => securityRequirementFromJsonRpc(requirement)),
    ),
  };
}

/** 0.3 REST capabilities → 0.3 JSON-RPC; an extension without `uri` (ProtoJSON's empty one) gets `""`. Lossless. */
export function agentCapabilitiesToJsonRpc(capabilities: rest.AgentCapabilities): v03.AgentCapabilities {
  const { extensions, ...fields } = capabilities;
  return {
    ...fields,
    ...optional(
      'extensions',
      extensions?.map(({ uri, ...extension }) => ({ uri: uri ?? '', ...cloneJson(extension) })),
    ),
  };
}

/** 0.3 JSON-RPC capabilities → 0.3 REST; `stateTransitionHistory` (not in the 0.3 proto) is dropped, reported. */
export function agentCapabilitiesFromJsonRpc(
  capabilities: v03.AgentCapabilities,
  options: TranslateOptions = {},
): rest.AgentCapabilities {
  const { stateTransitionHistory, ...fields } = capabilities;
  if (stateTransitionHistory !== undefined) {
    lossTo03(options, 'stateTransitionHistory', '0.3 REST cards have no stateTransitionHistory; dropped');
  }
  return cloneJson(fields);
}

// The 0.3 proto marks `protected` and `signature` REQUIRED; 0.3 JSON-RPC accepts them empty.
function checkSignatures(
  signatures: readonly v03.AgentCardSignature[] | undefined,
  options: TranslateOptions,
) {
  signatures?.forEach((signature, index) => {
    for (const field of ['protected', 'signature'] as const) {
      if (signature[field] !== '') continue;
      const path = joinPath(joinPath(joinPath(options.path ?? '', 'signatures'), index), field);
      throw new TranslationError('0.3', path, 'is empty, but the 0.3 proto REQUIRES a value');
    }
  });
}

/** 0.3 REST card (`GET /v1/card`) → 0.3 JSON-RPC card; lossless but for API key locations (see the schemes). */
export function agentCardToJsonRpc(card: rest.AgentCard, options: TranslateOptions = {}): v03.AgentCard {
  const { capabilities, securitySchemes, security, skills, ...fields } = card;
  const schemes = at(options, 'securitySchemes');
  return {
    ...cloneJson(fields),
    capabilities: agentCapabilitiesToJsonRpc(capabilities),
    ...optional(
      'securitySchemes',
      securitySchemes &&
        Object.fromEntries(
          Object.entries(securitySchemes).map(([name, scheme]) => [
            name,
            securitySchemeToJsonRpc(scheme, at(schemes, name)),
          ]),
        ),
    ),
    ...optional(
      'security',
      security?.map((requirement) => securityRequirementToJsonRpc(requirement)),
    ),
    skills: skills.map((skill) => agentSkillToJsonRpc(skill)),
  };
}

/**
 * 0.3 JSON-RPC card → 0.3 REST card. The 0.3 proto card has no `iconUrl` and no `stateTransitionHistory`, and an
 * OAuth scheme needs a flow (all reported); an empty signature `protected` or `signature` throws.
 */
export function agentCardFromJsonRpc(card: v03.AgentCard, options: TranslateOptions = {}): rest.AgentCard {
  const { iconUrl, capabilities, securitySchemes, security, skills, ...fields } = card;
  if (iconUrl !== undefined) lossTo03(options, 'iconUrl', '0.3 REST cards have no iconUrl; dropped');
  checkSignatures(fields.signatures, options);
  const schemes = at(options, 'securitySchemes');
  return {
    ...cloneJson(fields),
    capabilities: agentCapabilitiesFromJsonRpc(capabilities, at(options, 'capabilities')),
    ...optional(
      'securitySchemes',
      securitySchemes &&
        Object.fromEntries(
          Object.entries(securitySchemes).flatMap(([name, scheme]) => {
            const translated = securitySchemeFromJsonRpc(scheme, at(schemes, name));
            return translated === undefined ? [] : [[name, translated] as const];
          }),
        ),
    ),
    ...optional(
      'security',
      security?.map((requirement) => securityRequirementFromJsonRpc(requirement)),
    ),
    skills: skills.map((skill) => agentSkillFromJsonRpc(skill)),
  };
}

/** 0.3 REST skill → 1.0 via JSON-RPC; throws on an empty id, name or description (tags may be empty). */
export const agentSkillFromV03 = composeFromV03(agentSkillToJsonRpc, jsonRpcSkill.agentSkillFromV03);

/** 1.0 skill → 0.3 REST via JSON-RPC; lossless. */
export function agentSkillToV03(skill: AgentSkill): rest.AgentSkill {
  return agentSkillFromJsonRpc(jsonRpcSkill.agentSkillToV03(skill));
}

/** 0.3 REST card (`GET /v1/card`) → 1.0 via JSON-RPC: endpoints, capabilities as `translate.agentCardFromV03`. */
export const agentCardFromV03 = composeFromV03(agentCardToJsonRpc, jsonRpcCard.agentCardFromV03);

/** 1.0 card → 0.3 REST card via JSON-RPC; `iconUrl`, absent from the 0.3 proto card, is dropped (reported). */
export const agentCardToV03 = composeToV03(jsonRpcCard.agentCardToV03, agentCardFromJsonRpc);
