import { type AgentHosting, contractPart, hostingOptions, OutlineOptionsSchema } from '@baton/chain';
import type { JsonValue } from '@baton/protocol';
import { type A2AServer, createA2AServer, type Logger, messageText } from '@baton/server';
import type { StartRunBody } from '../http/create-runs-routes.ts';
import type { Run } from '../run/create-run.ts';

/** The skill id the orchestrator's own card offers: the whole chain. */
export const CHAIN_SKILL_ID = 'baton.chain';

/** What the chain agent needs: a way to start a run in a given context. */
export interface ChainAgentDeps {
  readonly startRun: (input: Omit<StartRunBody, 'wait'> & { readonly contextId: string }) => Run;
  readonly logger?: Logger;
  /** Where the agent keeps its own A2A tasks (store, cluster); default in memory. */
  readonly hosting?: AgentHosting;
}

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
        {
          id: CHAIN_SKILL_ID,
          name: 'Outline, write and summarize',
          description: 'Runs the outline, document and summary agents on a topic and returns the summary.',
          tags: ['chain', 'writing', 'summary'],
          examples: ['The history of tea'],
        },
      ],
    },
    ...(deps.logger === undefined ? {} : { logger: deps.logger }),
    ...hostingOptions(deps.hosting ?? {}),
    executor: async (ctx) => {
      const options = OutlineOptionsSchema.safeParse(ctx.data ?? {});
      const run = deps.startRun({
        topic: ctx.text.trim(),
        ...(options.success ? { options: options.data } : {}),
        contextId: ctx.contextId,
      });
      const onCancel = () => void run.cancel();
      ctx.signal.addEventListener('abort', onCancel, { once: true });
      // Task updates go out one at a time, in the order the run reports them.
      let queue: Promise<unknown> = ctx.working(`Starting the chain (run ${run.view.runId})`);
      const then = (work: () => Promise<unknown>) => {
        queue = queue.then(work).catch(() => undefined);
      };
      const document = ctx.streamArtifact({
        name: 'document',
        description: 'The document, as it is written',
      });
      let documentEnded = false;
      const unsubscribe = run.subscribe((event) => {
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
          then(async () => run.answer(messageText(await ctx.requestInput(event.question))));
        }
      });
      const view = await run.done;
      unsubscribe();
      ctx.signal.removeEventListener('abort', onCancel);
      if (view.status === 'canceled') return;
      await queue;
      if (view.status === 'completed' && view.artifacts.summary !== undefined) {
        const summary = view.artifacts.summary;
        await ctx.addArtifact({
          name: 'summary',
          parts: [{ text: summary.summary }, contractPart(summary as unknown as JsonValue)],
        });
        await ctx.complete(`Done: ${summary.title}`);
        return;
      }
      await ctx.fail(view.error?.message ?? 'The chain failed');
    },
  });
}
