import type { ChainDefinition } from '../chains/chain-definition.ts';
import { ChainRefusedError, type ChainRegistry } from '../chains/chain-registry.ts';
import type { AgentDirectory } from '../discovery/agent-directory.ts';
import type { Problem } from '../nodes/node-kind.ts';
import { type PlanHints, type PlannedChain, type PlanRefusal, planOffline } from './offline-planner.ts';
import { plannerSkillsOf } from './planner-skill.ts';

/** A plan that validates like a registered chain. */
export interface ValidPlan {
  readonly kind: 'plan';
  /** As a chain file holds it: what `POST /chains` takes. */
  readonly chain: PlannedChain;
  /** As the registry read it. */
  readonly definition: ChainDefinition;
  readonly topic: string;
  readonly rationale: readonly string[];
  readonly planner: 'offline';
}

/** A plan the chain checks refused: never run. */
export interface InvalidPlan {
  readonly kind: 'invalid';
  readonly message: string;
  readonly problems: readonly Problem[];
}

/** What planning a goal gives. */
export type PlanOutcome = ValidPlan | InvalidPlan | PlanRefusal;

/** Plans chains from goals with the skills of the agents the orchestrator knows now. */
export interface Planner {
  plan(goal: string, hints?: PlanHints): Promise<PlanOutcome>;
}

/** Options of {@link createPlanner}. */
export interface PlannerOptions {
  readonly directory: AgentDirectory;
  /** Checks each plan as it checks a chain registered over the API. */
  readonly registry: ChainRegistry;
  /** How long reading the agents' cards may take; default 5 s. */
  readonly cardsTimeoutMs?: number;
}

/**
 * The planner: reads the agents' cards, plans offline (`planOffline`) and checks the plan as `POST /chains` would,
 * so a plan that answers is one the orchestrator can run and register as it is.
 */
export function createPlanner(options: PlannerOptions): Planner {
  return {
    async plan(goal, hints) {
      const skills = plannerSkillsOf(await options.directory.inspect(options.cardsTimeoutMs ?? 5_000));
      const planned = planOffline(goal, skills, hints);
      if (planned.kind === 'refusal') return planned;
      try {
        const definition = await options.registry.validate(planned.chain);
        return { ...planned, definition, planner: 'offline' };
      } catch (error) {
        if (!(error instanceof ChainRefusedError)) throw error;
        return { kind: 'invalid', message: error.message, problems: error.problems };
      }
    },
  };
}
