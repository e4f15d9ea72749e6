import type { AgentSkill } from '../v1/agent-skill.ts';
import type * as v03 from '../v03/index.ts';
import { optional, optionalCopy } from './copy.ts';
import { requiredString, type TranslateOptions } from './loss.ts';
import { securityRequirementFromV03, securityRequirementToV03 } from './security.ts';

/** 0.3 skill → 1.0 (`security` → `securityRequirements`); throws on an empty id, name, description or tag list. */
export function agentSkillFromV03(skill: v03.AgentSkill, options: TranslateOptions = {}): AgentSkill {
  return {
    id: requiredString(options, 'id', skill.id),
    name: requiredString(options, 'name', skill.name),
    description: requiredString(options, 'description', skill.description),
    tags: [...skill.tags],
    ...optionalCopy('examples', skill.examples),
    ...optionalCopy('inputModes', skill.inputModes),
    ...optionalCopy('outputModes', skill.outputModes),
    ...optional(
      'securityRequirements',
      skill.security?.map((requirement) => securityRequirementFromV03(requirement)),
    ),
  };
}

/** 1.0 skill → 0.3 (`securityRequirements` → `security`); lossless. */
export function agentSkillToV03(skill: AgentSkill): v03.AgentSkill {
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
