import type { ChainRegistry } from '../chains/chain-registry.ts';
import type { PlannedChain } from './offline-planner.ts';

/** A chain of an approval step and a sub-chain step, as a chain file holds it. */
export interface ApprovalChain extends Omit<PlannedChain, 'steps'> {
  readonly steps: readonly Readonly<Record<string, unknown>>[];
}

/** The step of an approval chain that shows the plan, and the one that runs it. */
export const PLAN_APPROVAL_STEP = 'approve-plan';
export const PLANNED_STEP = 'planned';

/**
 * The chain a goal run with `approve: true` runs: an approval that shows the plan (`{ chain, version, definition,
 * rationale }`), then the chain the approval's artifact names, as a sub-chain. Approved as shown, that is the
 * plan; approved with an edited chain (`POST /runs/:id/approve {chain}`), the edit, registered first. Both steps
 * are kept in the run's journal, so an approval pending when the orchestrator stops is pending on the next.
 */
export function approvalChainFor(
  goal: string,
  plan: PlannedChain,
  version: number,
  rationale: readonly string[],
): ApprovalChain {
  return {
    name: `${plan.name.slice(0, 31)}-approval`,
    description: `Asks a person to approve the chain planned for a goal, then runs it: ${goal}`.slice(0, 500),
    steps: [
      {
        id: PLAN_APPROVAL_STEP,
        approval: {
          prompt:
            `Run this plan for the goal "${goal}"? Approve it, approve an edited chain, or reject it.`.slice(
              0,
              2_000,
            ),
          data: { chain: plan.name, version, definition: plan, rationale },
        },
      },
      { id: PLANNED_STEP, dependsOn: [PLAN_APPROVAL_STEP], chain: { from: PLAN_APPROVAL_STEP } },
    ],
    result: PLANNED_STEP,
    ...(plan.deadlineMs === undefined ? {} : { deadlineMs: plan.deadlineMs }),
  };
}

/**
 * What a plan approval goes on with when a person edits what it shows: an edited `definition` is registered (checked
 * as `POST /chains` checks it; the same definition again is the same version) and named by the artifact, so that
 * the edit runs, never the plan it replaced. Anything else is passed on as it is. Rejects with a
 * `ChainRefusedError` for a definition the checks refuse.
 */
export async function planEditOf(
  registry: Pick<ChainRegistry, 'register'>,
  edited: unknown,
): Promise<unknown> {
  if (typeof edited !== 'object' || edited === null || !('definition' in edited)) return edited;
  const { definition } = edited as { definition: unknown };
  const { chain, version } = await registry.register(definition);
  return { ...(edited as object), chain: chain.name, version, definition };
}
