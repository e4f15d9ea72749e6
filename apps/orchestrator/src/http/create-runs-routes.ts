import { OutlineOptionsSchema } from '@baton/chain';
import { HEADERS_GETTER } from '@baton/protocol';
import { context, propagation } from '@opentelemetry/api';
import type { Context as HonoContext } from 'hono';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { ChainDefinition } from '../chains/chain-definition.ts';
import { DeadlineMsSchema } from '../chains/chain-nodes.ts';
import { ChainRefusedError, type ChainRegistry } from '../chains/chain-registry.ts';
import { derivedRunId } from '../idempotency/derived-run-id.ts';
import { PLAN_APPROVAL_STEP, planEditOf } from '../plans/approval-chain.ts';
import type { Planner } from '../plans/planner.ts';
import { type RefineRefusalCode, RefineRefusedError } from '../run/plan-refinement.ts';
import { RunRequestError, type RunService } from '../run/run-service.ts';
import type { PlanView } from '../run/run-types.ts';
import { isFinalEventType, type RunEvent } from '../run/run-types.ts';
import { invalidChain } from './create-chains-routes.ts';
import { GoalSchema, planRefused } from './create-plans-routes.ts';
import { jsonError, readJsonBody, storeUnavailable } from './json-errors.ts';
import { callerOf } from './orchestrator-auth.ts';

/** The body of `POST /runs`: a `topic` (and a chain by name), or a `goal` whose chain is planned. */
export const StartRunBodySchema = z
  .object({
    /** The chain definition to run, by name; default `default`. */
    chain: z.string().min(1).max(40).optional(),
    /** The version of the chain to run; default its newest. */
    chainVersion: z.number().int().min(1).optional(),
    /** Cancel the run (and its tasks) if it has not ended this long after it started; default the chain's `deadlineMs`. */
    deadlineMs: DeadlineMsSchema.optional(),
    /** What the run is about; with a `goal`, default the topic the plan reads from it. */
    topic: z.string().max(2_000).optional(),
    /** What the caller wants done: the chain is planned from the agents' skills (see `POST /plans`). */
    goal: GoalSchema.optional(),
    options: OutlineOptionsSchema.optional(),
    /** With a `goal`: wait for a person to approve the plan (or an edit of it) before it runs. */
    approve: z.boolean().optional(),
    wait: z.boolean().optional(),
  })
  .superRefine((body, context) => {
    if (body.goal === undefined && body.topic === undefined)
      context.addIssue({
        code: 'custom',
        path: ['topic'],
        message: 'Required: a topic, or a goal to plan a chain for',
      });
    if (body.approve !== undefined && body.goal === undefined)
      context.addIssue({
        code: 'custom',
        path: ['approve'],
        message: 'approves a planned chain: give a goal',
      });
    if (body.goal !== undefined && (body.chain !== undefined || body.chainVersion !== undefined))
      context.addIssue({
        code: 'custom',
        path: ['goal'],
        message: 'A goal plans its own chain: give a goal or a chain, not both',
      });
  });
/** The body of `POST /runs`. */
export type StartRunBody = z.infer<typeof StartRunBodySchema>;

/** The body of `POST /runs/:id/answer`. */
export const AnswerBodySchema = z.object({
  answer: z.string().min(1).max(2_000),
  /** The step whose question this answers (inside a map or loop: the instance key); default the first open. */
  step: z.string().min(1).max(400).optional(),
});
/** The body of `POST /runs/:id/answer`. */
export type AnswerBody = z.infer<typeof AnswerBodySchema>;

/** The body of `POST /runs/:id/approve`. */
export const ApproveBodySchema = z
  .object({
    /** The approval step (inside a map or loop: the instance key); default the first pending. */
    step: z.string().min(1).max(400).optional(),
    /** The artifact shown, as edited: it goes on instead. */
    artifact: z.unknown().optional(),
    /**
     * A chain definition to run instead of the planned one shown (a goal run's plan approval): checked and
     * registered as `POST /chains` does, then approved as `{ chain, version, definition }`.
     */
    chain: z.unknown().optional(),
    comment: z.string().max(2_000).optional(),
  })
  .strict()
  .refine((body) => body.artifact === undefined || body.chain === undefined, {
    path: ['chain'],
    message: 'give an edited artifact or an edited chain, not both',
  });

/** The body of `POST /runs/:id/reject`. */
export const RejectBodySchema = z
  .object({ step: z.string().min(1).max(400).optional(), comment: z.string().max(2_000).optional() })
  .strict();

/** The body of `POST /runs/:id/refine`. */
export const RefineBodySchema = z.object({
  /** The step whose artifact is refined. */
  step: z.string().min(1).max(40),
  /** What to change: "shorter", "for experts", "in 2 sentences". */
  instruction: z.string().trim().min(1).max(2_000),
  /** Run the steps that depend on it again with the new version. */
  downstream: z.boolean().optional(),
  /** The version to refine; default the newest. */
  version: z.number().int().min(1).optional(),
  /** Answer once the refinement (and its re-runs) ended, with the run. */
  wait: z.boolean().optional(),
});
/** The body of `POST /runs/:id/refine`. */
export type RefineBody = z.infer<typeof RefineBodySchema>;

const REFUSAL_STATUS = {
  RUN_BUSY: 409,
  STEP_NOT_COMPLETED: 409,
  UNKNOWN_STEP: 400,
  UNKNOWN_VERSION: 400,
} as const satisfies Record<RefineRefusalCode, number>;

/** An event as an SSE frame: its type as the event name, its `seq` as the id a reader resumes from. */
const sseOf = (event: RunEvent) => ({
  event: event.type,
  id: String(event.seq),
  data: JSON.stringify(event),
});

/** What the routes need: the runs, and the chains runs may name. */
export interface RunsRoutesDeps {
  readonly runs: RunService;
  /** The chains runs may name, with their versions. */
  readonly chains: ChainRegistry;
  /** Plans the chain of a run started from a goal. */
  readonly planner?: Planner | undefined;
}

/** The chain a new run runs, and for a planned one, how it was planned and the topic it read from the goal. */
interface ChosenChain {
  readonly chosen: { readonly chain: ChainDefinition; readonly version: number };
  readonly plan?: PlanView;
  readonly topic?: string;
}

/** Answers a refused request with its status and code (and `Retry-After` when it says when to try again). */
function refused(c: HonoContext, error: unknown): Response {
  if (error instanceof RefineRefusedError)
    return jsonError(c, REFUSAL_STATUS[error.code], error.code, error.message);
  if (!(error instanceof RunRequestError)) throw error;
  if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
  return jsonError(c, error.status, error.code, error.message);
}

/**
 * The runs API: `POST /runs`, `GET /runs` (newest first, `?limit=`), `GET /runs/:id`, `GET /runs/:id/events` (SSE),
 * `POST /runs/:id/answer`, `POST /runs/:id/refine` and `POST /runs/:id/cancel`. Errors are `{ error: { code, message } }`
 * JSON. Any instance answers for any run: the writes go where the run is driven and are answered once kept.
 */
export function createRunsRoutes(deps: RunsRoutesDeps): Hono {
  const { runs } = deps;
  const app = new Hono();
  const links = (runId: string) => ({
    self: `/runs/${runId}`,
    events: `/runs/${runId}/events`,
    answer: `/runs/${runId}/answer`,
    refine: `/runs/${runId}/refine`,
    approve: `/runs/${runId}/approve`,
    reject: `/runs/${runId}/reject`,
    cancel: `/runs/${runId}/cancel`,
  });
  const notFound = (c: HonoContext, runId: string) =>
    jsonError(c, 404, 'RUN_NOT_FOUND', `No run with id ${runId}`);

  /** A chain chosen by name (default `default`), at its newest version or the one asked for. */
  const namedChain = async (
    c: HonoContext,
    input: { readonly chain?: string | undefined; readonly chainVersion?: number | undefined },
  ): Promise<Response | ChosenChain> => {
    const name = input.chain ?? 'default';
    let found: Awaited<ReturnType<ChainRegistry['entry']>>;
    let chosen: Awaited<ReturnType<ChainRegistry['get']>>;
    try {
      found = await deps.chains.entry(name);
      chosen =
        found && (input.chainVersion === undefined ? found : await deps.chains.get(name, input.chainVersion));
    } catch {
      return storeUnavailable(c);
    }
    if (found === undefined) {
      const known = (await deps.chains.list().catch(() => []))
        .filter((entry) => !entry.retired)
        .map((entry) => entry.chain.name)
        .join(', ');
      return jsonError(
        c,
        400,
        'UNKNOWN_CHAIN',
        `No chain named "${name}"; the chains are ${known} (GET /chains)`,
      );
    }
    if (found.retired)
      return jsonError(
        c,
        409,
        'CHAIN_RETIRED',
        `Chain "${name}" is retired: it takes no new runs (POST /chains to use it again)`,
      );
    if (chosen === undefined)
      return jsonError(
        c,
        400,
        'UNKNOWN_VERSION',
        `Chain "${name}" has versions 1 to ${found.version}, not ${input.chainVersion}`,
      );
    return { chosen };
  };

  /** A chain planned for a goal and registered (the same plan again is the same version), or why there is none. */
  const plannedChain = async (
    c: HonoContext,
    goal: string,
    approve: boolean,
  ): Promise<Response | ChosenChain> => {
    if (deps.planner === undefined)
      return jsonError(
        c,
        400,
        'PLANNING_UNAVAILABLE',
        'This orchestrator plans no chains: name a chain instead',
      );
    try {
      const outcome = await deps.planner.planRun(goal, approve);
      if (outcome.kind !== 'run') return planRefused(c, outcome) as Response;
      return { chosen: outcome.run, plan: outcome.plan, topic: outcome.topic };
    } catch (error) {
      // Checked when planned; a registration refused after that (a sub-chain retired meanwhile) is the plan's.
      if (error instanceof ChainRefusedError) return jsonError(c, 422, 'INVALID_PLAN', error.message);
      return storeUnavailable(c);
    }
  };

  app.post('/runs', async (c) => {
    const body = await readJsonBody(c, StartRunBodySchema);
    if ('response' in body) return body.response;
    const { wait, ...input } = body.value;
    const picked =
      input.goal === undefined
        ? await namedChain(c, input)
        : await plannedChain(c, input.goal, input.approve === true);
    if (picked instanceof Response) return picked;
    const { chosen, plan, topic } = picked;
    // A caller's `traceparent` makes the run's trace a part of the caller's.
    const carrier: Record<string, string> = {};
    propagation.inject(propagation.extract(context.active(), c.req.raw.headers, HEADERS_GETTER), carrier);
    const idempotency = c.get('idempotency');
    const runId = idempotency && derivedRunId(idempotency);
    const answerWith = async (view: { runId: string; contextId: string; status: string }) =>
      wait === true
        ? c.json(await runs.ended(view.runId), 200)
        : c.json(
            { runId: view.runId, contextId: view.contextId, status: view.status, links: links(view.runId) },
            202,
          );
    try {
      // The id is given out once the run is kept: a run the caller heard of is never lost.
      const view = await runs.start({
        ...(runId === undefined ? {} : { runId }),
        chain: chosen.chain,
        chainVersion: chosen.version,
        ...(input.deadlineMs === undefined ? {} : { deadlineMs: input.deadlineMs }),
        topic: input.topic ?? topic ?? '',
        ...(input.options === undefined ? {} : { options: input.options }),
        ...(plan === undefined ? {} : { plan }),
        ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}),
        ...(callerOf(c)?.id === undefined ? {} : { caller: callerOf(c)?.id }),
      });
      return await answerWith(view);
    } catch (error) {
      // The key's run was made by a request whose answer was never kept (its instance died): that run it is.
      const made = runId === undefined ? undefined : await runs.view(runId).catch(() => undefined);
      if (made !== undefined) return answerWith(made);
      return refused(c, error);
    }
  });

  app.get('/runs', async (c) => {
    const raw = c.req.query('limit') ?? '50';
    const limit = Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
      return jsonError(
        c,
        400,
        'INVALID_LIMIT',
        `limit must be a whole number from 1 to 200, not ${JSON.stringify(raw)}`,
      );
    }
    try {
      return c.json({ runs: await runs.recent(limit) });
    } catch (error) {
      return refused(c, error);
    }
  });

  app.get('/runs/:id', async (c) => {
    try {
      const view = await runs.view(c.req.param('id'));
      return view === undefined ? notFound(c, c.req.param('id')) : c.json(view);
    } catch (error) {
      return refused(c, error);
    }
  });

  app.get('/runs/:id/events', async (c) => {
    const runId = c.req.param('id');
    // Where a reader resumes: after the event it saw last (SSE `Last-Event-ID`, or `?after=` for a plain GET).
    const raw = c.req.header('last-event-id') ?? c.req.query('after') ?? '0';
    const after = Number(raw);
    if (!/^\d{1,15}$/.test(raw.trim()) || !Number.isSafeInteger(after)) {
      return jsonError(
        c,
        400,
        'INVALID_EVENT_ID',
        `Last-Event-ID (or after) must be the seq of an event of the run, not ${JSON.stringify(raw)}`,
      );
    }
    let stored: Awaited<ReturnType<RunService['load']>>;
    try {
      stored = await runs.load(runId);
    } catch (error) {
      return refused(c, error);
    }
    if (stored === undefined) return notFound(c, runId);
    const seen = stored.events.filter((event) => event.seq <= after).at(-1);
    return streamSSE(c, async (stream) => {
      const queue: RunEvent[] = [];
      let wake: (() => void) | undefined;
      const stop = await runs.follow(runId, after, (event) => {
        queue.push(event);
        wake?.();
      });
      stream.onAbort(() => wake?.());
      // The stream ends with the round's final event (a refinement opens a new one); a reader that has seen the
      // final event of a run that ended gets nothing more.
      let last = seen;
      while (!stream.aborted) {
        const event = queue.shift();
        if (event === undefined) {
          if (last !== undefined && isFinalEventType(last.type)) break;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          continue;
        }
        last = event;
        await stream.writeSSE(sseOf(event));
      }
      stop();
    });
  });

  app.post('/runs/:id/answer', async (c) => {
    const runId = c.req.param('id');
    const body = await readJsonBody(c, AnswerBodySchema);
    if ('response' in body) return body.response;
    try {
      // Answered once the answer is kept: a run resumed elsewhere after a crash still sends it.
      return c.json(await runs.answer(runId, body.value.answer, body.value.step), 200);
    } catch (error) {
      return refused(c, error);
    }
  });

  /** Whether the approval a decision is for (`step`, else the first pending) is a planned run's plan approval. */
  const decidesPlan = async (runId: string, step: string | undefined) => {
    const view = await runs.view(runId).catch(() => undefined);
    const pending = view?.approvals?.filter((approval) => approval.status === 'pending') ?? [];
    const decided = step === undefined ? pending[0] : pending.find((approval) => approval.key === step);
    return decided?.step === PLAN_APPROVAL_STEP && decided.key === PLAN_APPROVAL_STEP;
  };

  for (const [path, schema, approve] of [
    ['/runs/:id/approve', ApproveBodySchema, true],
    ['/runs/:id/reject', RejectBodySchema, false],
  ] as const) {
    app.post(path, async (c) => {
      const body = await readJsonBody(c, schema);
      if ('response' in body) return body.response;
      const { step, comment } = body.value;
      let artifact = 'artifact' in body.value ? body.value.artifact : undefined;
      const edited = 'chain' in body.value ? body.value.chain : undefined;
      if (edited !== undefined || (artifact !== undefined && (await decidesPlan(c.req.param('id'), step)))) {
        try {
          // An edited chain, or a plan's artifact whose definition was edited: registered, and named, to run.
          artifact = await planEditOf(deps.chains, edited !== undefined ? { definition: edited } : artifact);
        } catch (error) {
          if (error instanceof ChainRefusedError) return invalidChain(c, error);
          return storeUnavailable(c);
        }
      }
      try {
        // Answered once the decision is kept: a run resumed elsewhere goes on with it.
        const view = await runs.decide(
          c.req.param('id'),
          {
            approve,
            ...(artifact === undefined ? {} : { artifact }),
            ...(comment === undefined ? {} : { comment }),
          },
          step,
        );
        return c.json(view, 200);
      } catch (error) {
        return refused(c, error);
      }
    });
  }

  app.post('/runs/:id/refine', async (c) => {
    const runId = c.req.param('id');
    const body = await readJsonBody(c, RefineBodySchema);
    if ('response' in body) return body.response;
    const { wait, ...request } = body.value;
    try {
      const { view, refinement } = await runs.refine(runId, request);
      if (wait === true) return c.json(await runs.ended(runId), 200);
      return c.json({ runId, status: view.status, refinement, links: links(runId) }, 202);
    } catch (error) {
      return refused(c, error);
    }
  });

  app.post('/runs/:id/cancel', async (c) => {
    try {
      // Answered once `run.canceled` is kept: a canceled run never comes back.
      return c.json(await runs.cancel(c.req.param('id')), 200);
    } catch (error) {
      return refused(c, error);
    }
  });

  return app;
}
