import { type AgentHosting, hostingOptions } from '@baton/agent-host';
import {
  CHAIN_ARTIFACTS,
  contractPart,
  type Document,
  DocumentSchema,
  readContract,
  SECTION_SKILLS,
  type SummaryGenerator,
  SummarySchema,
} from '@baton/chain';
import { A2AError, JsonValueSchema, type Message } from '@baton/protocol';
import { type A2AServer, type AgentExecutor, createA2AServer, messageText } from '@baton/server';
import { documentFromSummaries, documentFromText } from './document-from-text.ts';
import { reviewExecutor } from './review-executor.ts';
import { SUMMARY_AGENT_CARD } from './summary-card.ts';

/** What the summary agent is built from. */
export interface SummaryAgentOptions extends AgentHosting {
  /** Writes the summary (extractive or LLM-backed). */
  readonly generator: SummaryGenerator;
}

/**
 * Creates the summary agent: a `Document` DataPart (with, as text, what the caller asks: "for beginners",
 * "shorter", "in 2 sentences"), or any text or markdown as TextParts, in; a `summary`
 * artifact (the summary as text plus the `Summary` as a DataPart) out. A request with neither, or with an
 * invalid document, is answered with InvalidParams naming the field.
 *
 * @example
 * const server = createSummaryAgent({ generator: createExtractiveSummaryGenerator() });
 * await startA2AServer(server, { port: 4103 });
 */
export function createSummaryAgent(options: SummaryAgentOptions): A2AServer {
  return createA2AServer({
    card: SUMMARY_AGENT_CARD,
    executor: createSummaryExecutor(options.generator),
    // A send that names the review skill (client-directed skill selection) gets the reviewer.
    skillExecutors: { [SECTION_SKILLS.review]: reviewExecutor },
    // Its executor is a pure function of its input: a task its instance left is started again, not failed.
    ...hostingOptions(options, { restartable: true }),
  });
}

/** The summary agent's logic, for hosts that assemble their own server. */
export function createSummaryExecutor(generator: SummaryGenerator): AgentExecutor {
  return async (ctx) => {
    // Read before any task event, so a bad request is answered with InvalidParams rather than a failed task.
    const document = readDocument(ctx.message);
    // Beside a Document DataPart, the text is the request ("Summarize this for beginners in 2 sentences").
    const instruction = ctx.message.parts.some((part) => 'data' in part)
      ? messageText(ctx.message)
      : undefined;
    await ctx.working(`Summarizing "${document.title}" (${document.wordCount} words)`);
    const summary = SummarySchema.parse(
      await generator.summarize({
        document,
        signal: ctx.signal,
        progress: (text) => ctx.working(text),
        ...(instruction ? { instruction } : {}),
      }),
    );
    if (ctx.signal.aborted) return;
    // The JSON round trip drops keys zod leaves as `undefined`, which a DataPart cannot carry.
    const data = JsonValueSchema.parse(JSON.parse(JSON.stringify(summary)));
    await ctx.addArtifact({
      name: CHAIN_ARTIFACTS.summary,
      description: `Summary of "${summary.title}"`,
      parts: [{ text: summary.summary }, contractPart(data)],
    });
    await ctx.complete(
      `Summarized "${summary.title}": ${summary.sourceWordCount} words into ${summary.summaryWordCount}.`,
    );
  };
}

/**
 * The document to summarize: the validated Document DataPart; or, when the DataParts are summaries (a chain
 * merging several), one document with a section per summary; else the message's text wrapped.
 */
function readDocument(message: Message): Document {
  const data = message.parts.flatMap((part) => ('data' in part ? [part.data] : []));
  const summaries = data.map((value) => SummarySchema.safeParse(value));
  if (summaries.length > 0 && summaries.every((parsed) => parsed.success)) {
    return documentFromSummaries(summaries.flatMap((parsed) => (parsed.success ? [parsed.data] : [])));
  }
  if (data.length > 0) return readContract(message, DocumentSchema, 'document');
  const text = messageText(message);
  if (text.trim() === '')
    throw A2AError.invalidParams(
      'Expected the document as a JSON DataPart, or the text to summarize as text; neither was sent',
    );
  return documentFromText(text);
}
