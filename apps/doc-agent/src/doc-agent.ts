import { type AgentHosting, hostingOptions } from '@baton/agent-host';
import {
  CHAIN_ARTIFACTS,
  type DocumentGenerator,
  OutlineSchema,
  readContract,
  SECTION_SKILLS,
} from '@baton/chain';
import { type A2AServer, type AgentExecutor, createA2AServer } from '@baton/server';
import { DOC_AGENT_CARD } from './document-card.ts';
import { assembleExecutor, createSectionExecutor } from './section-executor.ts';
import { streamDocument } from './stream-document.ts';

/** What the doc agent is built from. */
export interface DocAgentOptions extends AgentHosting {
  /** Writes the sections (offline or LLM-backed). */
  readonly generator: DocumentGenerator;
}

/**
 * Creates the doc agent: an `Outline` DataPart (plus optional instructions as text) in, one `document`
 * artifact streamed section by section out. A request without a valid outline is answered with InvalidParams
 * naming the field, before any task exists.
 *
 * @example
 * const server = createDocAgent({ generator: createOfflineDocumentGenerator() });
 * await startA2AServer(server, { port: 4102 });
 */
export function createDocAgent(options: DocAgentOptions): A2AServer {
  return createA2AServer({
    card: DOC_AGENT_CARD,
    executor: createDocExecutor(options.generator),
    // A send that names a skill (client-directed skill selection) runs that skill's executor.
    skillExecutors: {
      [SECTION_SKILLS.section]: createSectionExecutor(options.generator),
      [SECTION_SKILLS.assemble]: assembleExecutor,
    },
    // Its executor is a pure function of its input: a task its instance left is started again, not failed.
    ...hostingOptions(options, { restartable: true }),
  });
}

/** The doc agent's logic, for hosts that assemble their own server. */
export function createDocExecutor(generator: DocumentGenerator): AgentExecutor {
  return async (ctx) => {
    // Thrown before any task event: the request itself is answered with InvalidParams naming the field.
    const outline = readContract(ctx.message, OutlineSchema, 'outline');
    const instructions = ctx.text.trim();
    const { signal } = ctx;
    const count = outline.sections.length;
    await ctx.working(`Writing "${outline.title}": ${count} section${count === 1 ? '' : 's'}`);
    try {
      const document = await streamDocument({
        title: outline.title,
        chunks: generator.write({
          outline,
          signal,
          progress: (text) => ctx.working(text),
          ...(instructions === '' ? {} : { instructions }),
        }),
        // A fixed id: a task started again (its instance died) writes the document over the partial one.
        artifact: ctx.streamArtifact({
          artifactId: CHAIN_ARTIFACTS.document,
          name: CHAIN_ARTIFACTS.document,
          description: outline.title,
        }),
        signal,
      });
      if (document === undefined) return;
      await ctx.complete(`Wrote "${document.title}": ${document.wordCount} words.`);
    } catch (error) {
      // After a cancel the task is already CANCELED; the generator's abort error is not a failure.
      if (signal.aborted) return;
      throw error;
    }
  };
}
