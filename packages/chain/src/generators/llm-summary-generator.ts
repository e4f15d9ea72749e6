import { z } from 'zod';
import { type Summary, SummarySchema } from '../contracts/summary.ts';
import type { SummaryGenerator } from './generators.ts';
import { requestLlmJson } from './llm-json-request.ts';
import type { ModelConnection } from './model-call.ts';
import { countWords } from './topic-text.ts';

/** Documents longer than this are cut before they are sent, to stay inside small local models' context. */
const MAX_DOCUMENT_CHARACTERS = 48_000;

const SYSTEM_PROMPT = `You summarize documents faithfully. Reply with one JSON object and nothing else, in exactly this shape:
{"summary": string, "keyPoints": [string, ...]}
- "summary": one paragraph of 2 to 5 sentences, plain text, using only facts from the document.
- "keyPoints": 3 to 6 short statements, one per main idea, in the document's order.
No markdown, no comments, no extra keys.`;

const SummaryReplySchema = SummarySchema.pick({ summary: true, keyPoints: true }).extend({
  keyPoints: z.array(z.string().trim().min(1)).min(1),
});

/** A summary generator backed by any OpenAI-compatible chat-completions model, replying in JSON. */
export function createLlmSummaryGenerator(connection: ModelConnection): SummaryGenerator {
  return {
    async summarize({ document, signal, instruction, progress }) {
      const text =
        document.markdown.length > MAX_DOCUMENT_CHARACTERS
          ? `${document.markdown.slice(0, MAX_DOCUMENT_CHARACTERS)}\n\n[…the rest of the document is omitted]`
          : document.markdown;
      const asked = instruction?.trim() ? `The request: ${instruction.trim()}\n\n` : '';
      const user = `${asked}Summarize this document titled "${document.title}":\n\n${text}`;
      const reply = await requestLlmJson({
        connection,
        progress,
        system: SYSTEM_PROMPT,
        user,
        schema: SummaryReplySchema,
        what: 'summary',
        signal,
      });
      const summary: Summary = {
        title: document.title,
        summary: reply.summary,
        keyPoints: reply.keyPoints,
        sourceWordCount: countWords(document.markdown),
        summaryWordCount: countWords(reply.summary),
      };
      return SummarySchema.parse(summary);
    },
  };
}
