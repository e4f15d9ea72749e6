import { formatIssuePath } from '@baton/protocol';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { DeadlineMsSchema, StepIdSchema } from '../chains/chain-nodes.ts';
import type { PlanRefusal } from '../plans/offline-planner.ts';
import type { InvalidPlan, Planner, PlanOutcome, ValidPlan } from '../plans/planner.ts';
import { jsonError, readJsonBody } from './json-errors.ts';

/** A goal: what a person wants, in a sentence or a few. */
export const GoalSchema = z.string().trim().min(1).max(2_000);

/** What a caller may fix in a plan: its name, description and deadline. */
export const PlanHintsSchema = z
  .object({
    name: StepIdSchema.optional(),
    description: z.string().min(1).max(500).optional(),
    deadlineMs: DeadlineMsSchema.optional(),
  })
  .strict();

/** The body of `POST /plans`. */
export const PlanBodySchema = z.object({ goal: GoalSchema, chain: PlanHintsSchema.optional() }).strict();

/**
 * Answers a goal no plan serves, or a plan the chain checks refused: 422 with the code, the message, and the
 * closest skills or each problem at its path. `undefined` for a valid plan.
 */
export function planRefused(
  c: Context,
  outcome: PlanOutcome | InvalidPlan | PlanRefusal,
): Response | undefined {
  if (outcome.kind === 'plan') return undefined;
  if (outcome.kind === 'refusal')
    return c.json(
      { error: { code: outcome.code, message: outcome.message, closest: outcome.closest } },
      outcome.code === 'NO_SKILLS' || outcome.code === 'MODEL_UNAVAILABLE' ? 503 : 422,
    );
  return c.json(
    {
      error: {
        code: 'INVALID_PLAN',
        message: outcome.message,
        problems: outcome.problems.map((problem) => ({
          path: formatIssuePath(problem.path) || '(definition)',
          message: problem.message,
        })),
      },
    },
    422,
  );
}

/** A valid plan as the API answers it. */
export const planBody = (plan: ValidPlan) => ({
  chain: plan.chain,
  topic: plan.topic,
  rationale: plan.rationale,
  planner: plan.planner,
  links: { register: '/chains', run: '/runs' },
});

/**
 * `POST /plans {goal, chain?}`: a chain for the goal from the skills of the agents the orchestrator knows,
 * checked as `POST /chains` checks one (so it can be registered or run as it is), with the topic its runs start
 * from and the rationale; 422 `NO_MATCHING_SKILL` naming the closest skills when nothing matches. Nothing is kept.
 */
export function createPlansRoutes(planner: Planner): Hono {
  const app = new Hono();
  app.post('/plans', async (c) => {
    const body = await readJsonBody(c, PlanBodySchema);
    if ('response' in body) return body.response;
    let outcome: PlanOutcome;
    try {
      outcome = await planner.plan(body.value.goal, body.value.chain);
    } catch {
      c.header('Retry-After', '2');
      return jsonError(
        c,
        503,
        'STORE_UNAVAILABLE',
        'The chain records cannot be reached right now; try again shortly',
      );
    }
    return planRefused(c, outcome) ?? c.json(planBody(outcome as ValidPlan));
  });
  return app;
}
