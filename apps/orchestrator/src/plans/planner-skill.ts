import type { AgentStatus } from '../discovery/agent-directory.ts';

/** A skill a plan may use, as its agent's card lists it, with the agent that offers it. */
export interface PlannerSkill {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly examples: readonly string[];
  /** Media types it takes: the skill's own, else its agent's defaults. */
  readonly inputModes: readonly string[];
  /** Media types it answers with: the skill's own, else its agent's defaults. */
  readonly outputModes: readonly string[];
  readonly agent: { readonly name: string; readonly url: string };
}

/** What a plan reads of an agent card. */
export interface SkillCard {
  readonly name: string;
  readonly defaultInputModes: readonly string[];
  readonly defaultOutputModes: readonly string[];
  readonly skills: readonly {
    readonly id: string;
    readonly name: string;
    readonly description: string;
    readonly tags: readonly string[];
    readonly examples?: readonly string[] | undefined;
    readonly inputModes?: readonly string[] | undefined;
    readonly outputModes?: readonly string[] | undefined;
  }[];
}

/** Every skill the reachable agents offer (see {@link plannerSkillsOfCards}). */
export function plannerSkillsOf(agents: readonly AgentStatus[]): PlannerSkill[] {
  return plannerSkillsOfCards(agents.flatMap((agent) => (agent.reachable ? [agent] : [])));
}

/**
 * Every skill of the cards, in the order the agents are configured and their cards list them; a skill offered by
 * two agents is listed once (a step names a skill, and the first agent offering it serves it).
 */
export function plannerSkillsOfCards(
  agents: readonly { readonly url: string; readonly card: SkillCard }[],
): PlannerSkill[] {
  const skills = new Map<string, PlannerSkill>();
  for (const agent of agents) {
    const { card } = agent;
    for (const skill of card.skills) {
      if (skills.has(skill.id)) continue;
      skills.set(skill.id, {
        id: skill.id,
        name: skill.name,
        description: skill.description,
        tags: skill.tags,
        examples: skill.examples ?? [],
        inputModes: skill.inputModes?.length ? skill.inputModes : card.defaultInputModes,
        outputModes: skill.outputModes?.length ? skill.outputModes : card.defaultOutputModes,
        agent: { name: card.name, url: agent.url },
      });
    }
  }
  return [...skills.values()];
}
