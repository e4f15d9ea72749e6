import { OutlineOptionsSchema } from '@baton/chain';
import { HEADERS_GETTER } from '@baton/protocol';
import { type Context, context, propagation } from '@opentelemetry/api';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { ChainDefinition } from '../chains/chain-definition.ts';
import type { Run } from '../run/create-run.ts';
import { type RefineRefusalCode, RefineRefusedError } from '../run/plan-refinement.ts';
import type { RunJournal } from '../run/run-journal.ts';
import type { RunStore } from '../run/run-store.ts';
import { isFinishedStatus, type RunEvent } from '../run/run-types.ts';
import { jsonError, readJsonBody, storeUnavailable } from './json-errors.ts';

/** The body of `POST /runs`. */
export const StartRunBodySchema = z.object({
  /** The chain definition to run, by name; default `default`. */
  chain: z.string().min(1).max(40).optional(),
  topic: z.string().max(2_000),
  options: OutlineOptionsSchema.optional(),
  wait: z.boolean().optional(),
});
/** The body of `POST /runs`. */
export type StartRunBody = z.infer<typeof StartRunBodySchema>;

/** The body of `POST /runs/:id/answer`. */
export const AnswerBodySchema = z.object({
  answer: z.string().min(1).max(2_000),
  /** The step whose question this answers; default the first question open. */
  step: z.string().min(1).max(40).optional(),
});
/** The body of `POST /runs/:id/answer`. */
export type AnswerBody = z.infer<typeof AnswerBodySchema>;

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

const isFinalEvent = (event: RunEvent) =>
  event.type === 'run.completed' || event.type === 'run.failed' || event.type === 'run.canceled';

/** An event as an SSE frame: its type as the event name, its `seq` as the id a reader resumes from. */
const sseOf = (event: RunEvent) => ({
  event: event.type,
  id: String(event.seq),
  data: JSON.stringify(event),
});

/** What the routes need: the runs, and a way to start one. */
export interface RunsRoutesDeps {
  readonly runs: RunStore;
  /** Where runs' events are kept: a write is answered once what it changed is kept. */
  readonly journal: RunJournal;
  /** Longest wait for a write to be kept before answering 503 STORE_UNAVAILABLE; default 10 s. */
  readonly keptWithinMs?: number;
  readonly startRun: (body: Omit<StartRunBody, 'wait'> & { readonly traceContext?: Context }) => Run;
  /** The chain definitions runs may name. */
  readonly chains: readonly ChainDefinition[];
  /** A run held here, or a kept one held again (after a restart, or once it left memory); `undefined` if unknown. */
  readonly holdRun: (runId: string) => Promise<Run | undefined>;
}

/**
 * The runs API: `POST /runs`, `GET /runs` (newest first, `?limit=`), `GET /runs/:id`, `GET /runs/:id/events` (SSE),
 * `POST /runs/:id/answer`, `POST /runs/:id/refine` and `POST /runs/:id/cancel`. Errors are `{ error: { code, message } }` JSON.
 */
export function createRunsRoutes(deps: RunsRoutesDeps): Hono {
  const app = new Hono();
  const links = (runId: string) => ({
    self: `/runs/${runId}`,
    events: `/runs/${runId}/events`,
    answer: `/runs/${runId}/answer`,
    refine: `/runs/${runId}/refine`,
    cancel: `/runs/${runId}/cancel`,
  });
  const notFound = (c: Parameters<typeof jsonError>[0], runId: string) =>
    jsonError(c, 404, 'RUN_NOT_FOUND', `No run with id ${runId}`);
  const keptWithinMs = deps.keptWithinMs ?? 10_000;
  /** Whether the records answer now: a write is refused up front (nothing taken) while they do not. */
  const recordsDown = () => deps.journal.unavailableSince !== undefined;
  /** Waits for what `run` changed to be kept; `false` when the records stay out of reach. */
  const keep = (run: Run) =>
    run.kept(keptWithinMs).then(
      () => true,
      () => false,
    );

  app.post('/runs', async (c) => {
    const body = await readJsonBody(c, StartRunBodySchema);
    if ('response' in body) return body.response;
    const { wait, ...input } = body.value;
    const name = input.chain ?? 'default';
    if (!deps.chains.some((chain) => chain.name === name)) {
      const known = deps.chains.map((chain) => chain.name).join(', ');
      return jsonError(
        c,
        400,
        'UNKNOWN_CHAIN',
        `No chain named "${name}"; the chains are ${known} (GET /chains)`,
      );
    }
    if (recordsDown()) return storeUnavailable(c);
    // A caller's `traceparent` makes the run's trace a part of the caller's.
    const traceContext = propagation.extract(context.active(), c.req.raw.headers, HEADERS_GETTER);
    const run = deps.startRun({ ...input, traceContext });
    // The id is given out once the run is kept: a run the caller heard of is never lost.
    if (!(await keep(run))) {
      // Not kept in time: it is ended before any step is sent, and said so once the records are back.
      void run.cancel();
      return storeUnavailable(c);
    }
    if (wait === true) return c.json(await run.done, 200);
    return c.json(
      {
        runId: run.view.runId,
        contextId: run.view.contextId,
        status: run.view.status,
        links: links(run.view.runId),
      },
      202,
    );
  });

  app.get('/chains', (c) =>
    c.json({
      chains: deps.chains.map((chain) => ({
        name: chain.name,
        description: chain.description,
        result: chain.result,
        steps: chain.steps.map((step) => ({
          id: step.id,
          ...(step.skill === undefined ? {} : { skill: step.skill }),
          ...(step.agent === undefined ? {} : { agent: step.agent }),
          dependsOn: step.dependsOn,
        })),
      })),
    }),
  );

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
    return c.json({ runs: await deps.runs.recent(limit) });
  });

  app.get('/runs/:id', async (c) => {
    const stored = await deps.runs.load(c.req.param('id'));
    return stored === undefined ? notFound(c, c.req.param('id')) : c.json(stored.view);
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
    const run = deps.runs.get(runId);
    if (run === undefined) {
      // A run this process does not hold (it ran before a restart): its kept timeline, then the end.
      const stored = await deps.runs.load(runId);
      if (stored === undefined) return notFound(c, runId);
      return streamSSE(c, async (stream) => {
        for (const event of stored.events) if (event.seq > after) await stream.writeSSE(sseOf(event));
      });
    }
    return streamSSE(c, async (stream) => {
      const queue: RunEvent[] = run.events.filter((event) => event.seq > after);
      let last = run.events.at(-1);
      let wake: (() => void) | undefined;
      const unsubscribe = run.subscribe((event) => {
        if (event.seq <= after) return;
        queue.push(event);
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      // The stream ends once the run has ended and its final event is out (a refinement opens it again).
      while (!stream.aborted) {
        const event = queue.shift();
        if (event === undefined) {
          if (last !== undefined && isFinalEvent(last) && isFinishedStatus(run.view.status)) break;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          continue;
        }
        last = event;
        await stream.writeSSE(sseOf(event));
      }
      unsubscribe();
    });
  });

  // A run kept but not held here has finished (unfinished ones are resumed at start): it takes no answer or cancel.
  const notHeld = async (c: Parameters<typeof jsonError>[0], runId: string) => {
    const stored = await deps.runs.load(runId);
    if (stored === undefined) return notFound(c, runId);
    return jsonError(c, 409, 'RUN_FINISHED', `Run ${runId} already ended ${stored.view.status}`);
  };

  app.post('/runs/:id/answer', async (c) => {
    const run = deps.runs.get(c.req.param('id'));
    if (run === undefined) return notHeld(c, c.req.param('id'));
    const body = await readJsonBody(c, AnswerBodySchema);
    if ('response' in body) return body.response;
    if (recordsDown()) return storeUnavailable(c);
    if (!run.answer(body.value.answer, body.value.step)) {
      const what = body.value.step === undefined ? '' : ` on the ${body.value.step} step`;
      return jsonError(
        c,
        400,
        'NOT_WAITING_FOR_INPUT',
        `Run ${run.view.runId} is ${run.view.status}, not waiting for input${what}`,
      );
    }
    // Answered once the answer is kept: a run resumed elsewhere after a crash still sends it.
    if (!(await keep(run))) return storeUnavailable(c);
    return c.json(run.view, 200);
  });

  app.post('/runs/:id/refine', async (c) => {
    const runId = c.req.param('id');
    const body = await readJsonBody(c, RefineBodySchema);
    if ('response' in body) return body.response;
    if (recordsDown()) return storeUnavailable(c);
    const run = await deps.holdRun(runId);
    if (run === undefined) return notFound(c, runId);
    const { wait, ...request } = body.value;
    let refinement: ReturnType<Run['refine']>;
    try {
      refinement = run.refine(request);
    } catch (error) {
      if (!(error instanceof RefineRefusedError)) throw error;
      return jsonError(c, REFUSAL_STATUS[error.code], error.code, error.message);
    }
    deps.runs.add(run);
    if (!(await keep(run))) return storeUnavailable(c);
    if (wait === true) return c.json(await run.done, 200);
    return c.json({ runId, status: run.view.status, refinement, links: links(runId) }, 202);
  });

  app.post('/runs/:id/cancel', async (c) => {
    const run = deps.runs.get(c.req.param('id'));
    if (run === undefined) return notHeld(c, c.req.param('id'));
    const status = run.view.status;
    if (isFinishedStatus(status) && status !== 'canceled') {
      return jsonError(c, 409, 'RUN_FINISHED', `Run ${run.view.runId} already ended ${status}`);
    }
    if (recordsDown()) return storeUnavailable(c);
    // `cancel` resolves once the run ended and that is kept: a canceled run never comes back.
    const ended = await Promise.race([
      run.cancel(),
      new Promise<undefined>((resolve) => {
        setTimeout(() => resolve(undefined), keptWithinMs).unref?.();
      }),
    ]);
    if (ended === undefined) return storeUnavailable(c);
    return c.json(ended, 200);
  });

  return app;
}
