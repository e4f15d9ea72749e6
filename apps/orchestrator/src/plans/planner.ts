import type { ModelConnection } from '@baton/chain';
import type { ChainDefinition } from '../chains/chain-definition.ts';
import { ChainRefusedError, type ChainRegistry } from '../chains/chain-registry.ts';
import type { AgentDirectory } from '../discovery/agent-directory.ts';
import type { Problem } from '../nodes/node-kind.ts';
import type { PlanView } from '../run/run-types.ts';
import { approvalChainFor } from './approval-chain.ts';
import { planWithModel } from './model-planner.ts';
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
  readonly planner: 'offline' | 'model';
}

/** A plan the chain checks refused: never run. */
export interface InvalidPlan {
  readonly kind: 'invalid';
  readonly message: string;
  readonly problems: readonly Problem[];
}

/** What planning a goal gives. */
export type PlanOutcome = ValidPlan | InvalidPlan | PlanRefusal;

/** A planned run's chain, registered: what to run, how it was planned, and the topic read from the goal. */
export interface PlannedRun {
  readonly kind: 'run';
  /** The chain the run runs: the plan, or with approval the chain that asks first and then runs the plan. */
  readonly run: { readonly chain: ChainDefinition; readonly version: number };
  readonly plan: PlanView;
  readonly topic: string;
}

/** Plans chains from goals with the skills of the agents the orchestrator knows now. */
export interface Planner {
  plan(goal: string, hints?: PlanHints): Promise<PlanOutcome>;
  /**
   * Plans a run of a goal: registers the plan (the same plan again is the same version) and, with `approve`, the
   * chain that asks a person first. Rejects with a {@link ChainRefusedError} when registering refuses it.
   */
  planRun(goal: string, approve: boolean): Promise<PlannedRun | InvalidPlan | PlanRefusal>;
}

/** Options of {@link createPlanner}. */
export interface PlannerOptions {
  readonly directory: AgentDirectory;
  /** Checks each plan as it checks a chain registered over the API. */
  readonly registry: ChainRegistry;
  /** How long reading the agents' cards may take; default 5 s. */
  readonly cardsTimeoutMs?: number;
  /** The model that plans (the agents' `BATON_LLM_*` settings); without one, the offline planner does. */
  readonly model?: ModelConnection | undefined;
}

/**
 * The planner: reads the agents' cards, plans offline (`planOffline`) and checks the plan as `POST /chains` would,
 * so a plan that answers is one the orchestrator can run and register as it is.
 */
export function createPlanner(options: PlannerOptions): Planner {
  const planner: Planner = {
    async planRun(goal, approve) {
      const outcome = await planner.plan(goal);
      if (outcome.kind !== 'plan') return outcome;
      const planned = await options.registry.register(outcome.chain);
      const plan: PlanView = {
        goal,
        planner: outcome.planner,
        rationale: outcome.rationale,
        chain: planned.chain.name,
        chainVersion: planned.version,
      };
      const run = approve
        ? await options.registry.register(
            approvalChainFor(goal, outcome.chain, planned.version, outcome.rationale),
          )
        : planned;
      return { kind: 'run', run: { chain: run.chain, version: run.version }, plan, topic: outcome.topic };
    },
    async plan(goal, hints) {
      const skills = plannerSkillsOf(await options.directory.inspect(options.cardsTimeoutMs ?? 5_000));
      // No agent to plan with: the offline planner says so (a model would have nothing to choose from).
      if (skills.length === 0) return planOffline(goal, skills) as PlanRefusal;
      const planned = options.model
        ? await planWithModel(goal, skills, options.model)
        : planOffline(goal, skills);
      if (planned.kind === 'refusal') return planned;
      if (planned.kind === 'failure')
        return planned.code === 'MODEL_UNAVAILABLE'
          ? { kind: 'refusal', code: 'MODEL_UNAVAILABLE', message: planned.message, closest: [] }
          : { kind: 'invalid', message: planned.message, problems: [] };
      const chain: PlannedChain = {
        ...planned.chain,
        ...(hints?.name === undefined ? {} : { name: hints.name }),
        ...(hints?.description === undefined ? {} : { description: hints.description }),
        ...(hints?.deadlineMs === undefined ? {} : { deadlineMs: hints.deadlineMs }),
      };
      try {
        const definition = await options.registry.validate(chain);
        return { ...planned, chain, definition, planner: options.model ? 'model' : 'offline' };
      } catch (error) {
        if (!(error instanceof ChainRefusedError)) throw error;
        return { kind: 'invalid', message: error.message, problems: error.problems };
      }
    },
  };
  return planner;
}
