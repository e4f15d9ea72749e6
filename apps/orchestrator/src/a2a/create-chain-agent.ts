import { type AgentHosting, hostingOptions } from '@baton/agent-host';
import {
  contractPart,
  type Document,
  DocumentSchema,
  OutlineOptionsSchema,
  SummarySchema,
} from '@baton/chain';
import type { JsonValue } from '@baton/protocol';
import {
  type A2AServer,
  createA2AServer,
  type ExecutionContext,
  type Logger,
  messageText,
  overloadError,
  TOO_MANY_TASKS,
} from '@baton/server';
import { context, propagation } from '@opentelemetry/api';
import type { ChainCatalog } from '../chains/chain-catalog.ts';
import { type ChainDefinition, skillsOf } from '../chains/chain-definition.ts';
import { ChainRefusedError, type ChainRegistry } from '../chains/chain-registry.ts';
import type { OrchestratorAuth } from '../http/orchestrator-auth.ts';
import { PLAN_APPROVAL_STEP, planEditOf } from '../plans/approval-chain.ts';
import { readGoal } from '../plans/goal-reading.ts';
import type { Planner } from '../plans/planner.ts';
import { wordsOf } from '../plans/skill-scores.ts';
import type { Decision } from '../run/run-approvals.ts';
import { RunRequestError, type RunService } from '../run/run-service.ts';
import { isFinalEventType, type RunEvent, type RunView } from '../run/run-types.ts';

/** The skill id of the default chain on the orchestrator's own card; other chains are `baton.chain.<name>`. */
export const CHAIN_SKILL_ID = 'baton.chain';

/** The skill id of planning: the message's text is a goal, the chain is planned from the agents' skills. */
export const PLAN_SKILL_ID = 'baton.plan';

/** The skill id a chain is offered under. */
export const chainSkillId = (name: string) =>
  name === 'default' ? CHAIN_SKILL_ID : `${CHAIN_SKILL_ID}.${name}`;

/** What the chain agent needs: the runs, to start, follow, answer and cancel one in a given context. */
export interface ChainAgentDeps {
  readonly runs: RunService;
  readonly logger?: Logger;
  /** Where the agent keeps its own A2A tasks (store, cluster); default in memory. */
  readonly hosting?: AgentHosting;
  /** The chains it offers on its card, one skill each (those read at start). */
  readonly chains: readonly ChainDefinition[];
  /** Every chain by name, registered over the API too (a DataPart `{ "chain": name }` may name any). */
  readonly registry?: ChainCatalog;
  /** Who may call it; its card declares the schemes (any one of them will do). Default: anyone. */
  readonly auth?: OrchestratorAuth;
  /** Plans chains for goals: the card offers `baton.plan`, and a text that reads as a goal is planned. */
  readonly planner?: Planner;
  /** Registers a plan a person edited in an approval reply, so that the edit runs. */
  readonly chainRegistry?: Pick<ChainRegistry, 'register'>;
}

/** The `baton.plan` skill on the card. */
const PLAN_SKILL = {
  id: PLAN_SKILL_ID,
  name: 'Plan and run a goal',
  description:
    'Plans a chain for a goal from the skills of the agents this orchestrator knows (what to make, what it needs ' +
    'first, whom it is for), then runs it like any chain. Send the goal as text; a DataPart {"approve": true} asks ' +
    'you to approve the plan first (input-required). A goal no skill matches is rejected, naming the closest skills.',
  tags: ['plan', 'goal', 'chain'],
  examples: [
    'Explain how glaciers shape valleys, once for beginners and once for experts, and merge both into one brief',
  ],
};

/** Whether a text reads as a goal (it says what to make, not only what about): "Explain how …", not "Tea". */
export const readsAsGoal = (text: string) => wordsOf(readGoal(text).instruction).length > 0;

/**
 * The orchestrator as an A2A agent (skill `baton.chain`): the message's text is the topic (its first data part,
 * if any, the outline options); it streams a status message per step and the document as it is written,
 * forwards the agents' questions with `requestInput`, cancels the remote task on CancelTask, and ends with the
 * `summary` artifact.
 */
export function createChainAgent(deps: ChainAgentDeps): A2AServer {
  return createA2AServer({
    card: {
      name: 'Baton orchestrator',
      description: 'Turns a topic into an outline, a document and a summary by chaining three A2A agents.',
      version: '0.1.0',
      skills: [
        ...deps.chains.map((chain) => ({
          id: chainSkillId(chain.name),
          name: chain.name === 'default' ? 'Outline, write and summarize' : `Chain: ${chain.name}`,
          description: `${chain.description} Send the topic as text; a DataPart may carry outline options. Name this skill on the send (configuration.skillId), or put {"chain": "${chain.name}"} in the DataPart.`,
          tags: ['chain', ...skillsOf(chain)],
          examples: ['The history of tea'],
        })),
        ...(deps.planner === undefined ? [] : [PLAN_SKILL]),
      ],
      ...(deps.auth
        ? {
            securitySchemes: deps.auth.securitySchemes,
            securityRequirements: Object.keys(deps.auth.securitySchemes).map((name) => ({
              schemes: { [name]: { list: [] } },
            })),
          }
        : {}),
    },
    ...(deps.auth ? { auth: deps.auth.authenticate } : {}),
    ...(deps.logger === undefined ? {} : { logger: deps.logger }),
    ...hostingOptions(deps.hosting ?? {}),
    executor: async (ctx) => {
      const options = OutlineOptionsSchema.safeParse(ctx.data ?? {});
      // The chain: the skill the send named (client-directed skill selection), else the DataPart's `chain`.
      const named = deps.chains.find(
        (known) => ctx.skillId !== undefined && chainSkillId(known.name) === ctx.skillId,
      );
      const wanted = (ctx.data as { chain?: unknown } | undefined)?.chain;
      // A goal: asked for by skill, or a text that reads as one with no chain named (planned if a plan serves it).
      const planning =
        deps.planner !== undefined &&
        (ctx.skillId === PLAN_SKILL_ID ||
          (ctx.skillId === undefined && wanted === undefined && readsAsGoal(ctx.text)));
      const approve = (ctx.data as { approve?: unknown } | undefined)?.approve === true;
      const planned = planning ? await deps.planner?.planRun(ctx.text.trim(), approve) : undefined;
      if (planned !== undefined && planned.kind !== 'run' && ctx.skillId === PLAN_SKILL_ID)
        return ctx.reject(planned.message);
      const plannedRun = planned?.kind === 'run' ? planned : undefined;
      const name = named?.name ?? (typeof wanted === 'string' ? wanted : 'default');
      // The newest version kept (a chain registered over the API too), else the one read at start.
      const kept = plannedRun?.run ?? (await deps.registry?.get(name));
      const chain =
        kept?.chain ??
        deps.chains.find((known) => known.name === name) ??
        (deps.chains[0] as ChainDefinition);
      // The A2A call that asked for the run is the parent of the run's span.
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      const { runId } = await deps.runs
        .start({
          chain,
          ...(kept === undefined ? {} : { chainVersion: kept.version }),
          topic: plannedRun?.topic ?? ctx.text.trim(),
          ...(plannedRun === undefined ? {} : { plan: plannedRun.plan }),
          ...(options.success ? { options: options.data } : {}),
          contextId: ctx.contextId,
          ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}),
        })
        .catch((error: unknown) => {
          // Refused before anything was kept: the agents' overload answer (503 / -32603 with Retry-After).
          if (error instanceof RunRequestError && error.code === 'TOO_MANY_RUNS') {
            throw overloadError(TOO_MANY_TASKS, error.message, error.retryAfter ?? 2);
          }
          throw error;
        });
      const onCancel = () => void deps.runs.cancel(runId).catch(() => undefined);
      ctx.signal.addEventListener('abort', onCancel, { once: true });
      // Task updates go out one at a time, in the order the run reports them.
      let queue: Promise<unknown> = ctx.working(`Starting the chain (run ${runId})`);
      const then = (work: () => Promise<unknown>) => {
        queue = queue.then(work).catch(() => undefined);
      };
      const document = ctx.streamArtifact({
        name: 'document',
        description: 'The document, as it is written',
      });
      let documentEnded = false;
      let ended: (() => void) | undefined;
      const final = new Promise<void>((resolve) => {
        ended = resolve;
      });
      const stop = await deps.runs.follow(runId, 0, (event: RunEvent) => {
        if (event.type === 'step.started') then(() => ctx.working(`${event.step}: ${event.agent.name}`));
        if (
          event.type === 'artifact.chunk' &&
          event.step === 'document' &&
          event.text !== '' &&
          !documentEnded
        ) {
          const text = event.text;
          then(() => document.write(text));
        }
        if (event.type === 'artifact.completed' && event.step === 'document') {
          documentEnded = true;
          then(() => document.end(contractPart(event.artifact as JsonValue)));
        }
        if (event.type === 'input.required') {
          const { step, question } = event;
          then(async () =>
            deps.runs
              .answer(runId, messageText(await ctx.requestInput(question)), step)
              .catch(() => undefined),
          );
        }
        if (event.type === 'approval.requested') {
          const { instance, prompt, artifact } = event;
          then(() =>
            askApproval(
              ctx,
              prompt,
              artifact,
              instance === PLAN_APPROVAL_STEP ? deps.chainRegistry : undefined,
            ).then((decision) => deps.runs.decide(runId, decision, instance)),
          );
        }
        if (isFinalEventType(event.type)) ended?.();
      });
      await final;
      stop();
      ctx.signal.removeEventListener('abort', onCancel);
      const view = await deps.runs.view(runId);
      if (view === undefined) return ctx.fail('The run was lost');
      if (view.status === 'canceled') return;
      await queue;
      if (view.status === 'completed') {
        // A chain with no `document` step (the sections chain assembles one): its last document goes out whole.
        const made = documentEnded ? undefined : lastDocument(view);
        if (made !== undefined)
          await document.end([{ text: made.markdown }, contractPart(made as unknown as JsonValue)]);
        const summary = SummarySchema.safeParse(view.result);
        if (summary.success) {
          await ctx.addArtifact({
            name: 'summary',
            parts: [{ text: summary.data.summary }, contractPart(summary.data as unknown as JsonValue)],
          });
          await ctx.complete(`Done: ${summary.data.title}`);
          return;
        }
        const result = view.result;
        await ctx.addArtifact({
          name: 'result',
          parts: [
            typeof result === 'string' ? { text: result } : contractPart((result ?? null) as JsonValue),
          ],
        });
        await ctx.complete('Done');
        return;
      }
      await ctx.fail(view.error?.message ?? 'The chain failed');
    },
  });
}

/** The artifact of the last top-level step (in the chain's order) that is a document, if any. */
function lastDocument(view: RunView): Document | undefined {
  for (const step of [...view.steps].reverse()) {
    const parsed = DocumentSchema.safeParse(view.artifacts[step.step]);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

const APPROVE = /^\s*(approve[ds]?|yes|y|ok)\b[\s:,.-]*/i;
const REJECT = /^\s*(reject(ed|s)?|no|n)\b[\s:,.-]*/i;

/**
 * Asks the A2A caller for an approval step's decision (input-required, with the artifact shown as a DataPart):
 * "approve" (or a DataPart: the artifact as edited) or "reject", each with an optional comment after it. Anything
 * else is asked again.
 */
async function askApproval(
  ctx: ExecutionContext,
  asked: string,
  artifact: unknown,
  /** For a plan approval: where an edited plan is registered. */
  registry: Pick<ChainRegistry, 'register'> | undefined,
): Promise<Decision> {
  let prompt = asked;
  for (;;) {
    const reply = await ctx.requestInput({
      parts: [
        {
          text: `${prompt}\nReply "approve" or "reject" (with a comment after it if you like); a DataPart approves with it as the edited artifact.`,
        },
        ...(artifact === undefined ? [] : [contractPart(artifact as JsonValue)]),
      ],
    });
    const text = messageText(reply).trim();
    const edited = reply.parts.find((part) => 'data' in part);
    const approved = APPROVE.exec(text);
    const rejected = REJECT.exec(text);
    const comment = text.replace(approved ? APPROVE : REJECT, '').trim();
    if (edited !== undefined && 'data' in edited && registry !== undefined) {
      // A plan edited in the reply runs as edited: its definition registered first (asked again if refused).
      const planned = await planEditOf(registry, edited.data).catch((error: unknown) =>
        error instanceof ChainRefusedError ? error : Promise.reject(error),
      );
      if (planned instanceof ChainRefusedError) {
        prompt = `The edited chain is refused: ${planned.message}\n${prompt}`;
        continue;
      }
      return { approve: true, artifact: planned, ...(comment === '' ? {} : { comment }) };
    }
    if (edited !== undefined || approved)
      return {
        approve: true,
        ...(edited && 'data' in edited ? { artifact: edited.data } : {}),
        ...(comment === '' ? {} : { comment }),
      };
    if (rejected) return { approve: false, ...(comment === '' ? {} : { comment }) };
  }
}
