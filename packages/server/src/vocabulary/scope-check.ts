import type { SecurityRequirement } from '@baton/protocol';
import type { CallUser } from './call-context.ts';

/** The scopes of `required` the caller lacks (empty when it has them all). */
export function missingScopes(user: CallUser | undefined, required: readonly string[]): string[] {
  const granted = new Set(user?.scopes ?? []);
  return required.filter((scope) => !granted.has(scope));
}

/** Every scope a requirement names, across its schemes. */
export function requirementScopes(requirement: SecurityRequirement): string[] {
  return Object.values(requirement.schemes ?? {}).flatMap((list) => list.list ?? []);
}

/**
 * Whether the caller may use a skill: true when the skill has no `securityRequirements`, else when the caller
 * holds every scope of at least one of them (OR of ANDs). For executors: the protocol does not name a skill
 * per call, so skill-level checks belong where the agent decides which skill it runs.
 */
export function canUseSkill(
  user: CallUser | undefined,
  skill: { readonly securityRequirements?: readonly SecurityRequirement[] | undefined },
): boolean {
  const requirements = skill.securityRequirements ?? [];
  if (requirements.length === 0) return true;
  return requirements.some((requirement) => missingScopes(user, requirementScopes(requirement)).length === 0);
}
