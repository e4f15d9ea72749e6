import { AgentFailure } from '@baton/server';
import type { Outline, OutlineSection } from '../contracts/outline.ts';
import type { DocumentGenerator } from './generators.ts';
import { callModel, describeModelError, type ModelConnection } from './model-call.ts';

const SYSTEM_PROMPT = `You write clear, accurate documents in markdown, one section at a time.
Write only the body of the section you are asked for: paragraphs (and lists where they help).
Do not repeat the section heading, do not write other sections, do not add a conclusion for the whole document.`;

/**
 * A document generator backed by any OpenAI-compatible model: one streaming request per section of the
 * outline, each token yielded as a markdown chunk of that section as it arrives. Opening a section's stream is
 * retried as {@link callModel} does; a stream that breaks after its first token fails the task with the reason.
 */
export function createLlmDocumentGenerator(connection: ModelConnection): DocumentGenerator {
  const { client, model } = connection;
  return {
    async *write({ outline, instructions, signal, progress }) {
      for (const section of outline.sections) {
        const stream = await callModel(connection, { signal, progress }, () =>
          client.chat.completions.create(
            {
              model,
              stream: true,
              temperature: 0.7,
              messages: [
                { role: 'system', content: SYSTEM_PROMPT },
                { role: 'user', content: sectionPrompt(outline, section, instructions) },
              ],
            },
            // A derived signal per request: the SDK leaves a listener on the signal it is given.
            { signal: AbortSignal.any([signal]) },
          ),
        );
        const filter = createLeadingHeadingFilter();
        let wrote = false;
        const tokens = stream[Symbol.asyncIterator]();
        for (;;) {
          let next: IteratorResult<typeof stream extends AsyncIterable<infer Chunk> ? Chunk : never>;
          try {
            next = await tokens.next();
          } catch (error) {
            if (signal.aborted) throw error;
            throw new AgentFailure(
              `${describeModelError(error, connection)} (while writing the section "${section.heading}")`,
              { cause: error },
            );
          }
          if (next.done) break;
          const markdown = filter(next.value.choices[0]?.delta?.content ?? '');
          if (markdown === '') continue;
          wrote = true;
          yield { heading: section.heading, markdown };
        }
        const rest = filter(null);
        if (rest !== '') {
          wrote = true;
          yield { heading: section.heading, markdown: rest };
        }
        if (!wrote) throw new AgentFailure(`The model wrote nothing for the section "${section.heading}"`);
        yield { heading: section.heading, markdown: '\n\n' };
      }
    },
  };
}

function sectionPrompt(outline: Outline, section: OutlineSection, instructions: string | undefined): string {
  const plan = outline.sections
    .map((each) => `${each === section ? '→' : '-'} ${each.heading}: ${each.points.join('; ')}`)
    .join('\n');
  return [
    `Document: "${outline.title}" on ${outline.topic}${outline.audience ? `, for ${outline.audience}` : ''}.`,
    `The full plan (the arrow marks the section to write now):\n${plan}`,
    `Write the section "${section.heading}", covering: ${section.points.join('; ')}.`,
    ...(instructions ? [`Instructions from the user: ${instructions}`] : []),
  ].join('\n\n');
}

/**
 * Drops a heading line the model writes anyway at the start of a section. Text is held back only while it
 * could still be such a heading (it starts with `#` and has no newline yet), so tokens otherwise pass at once.
 * Call with `null` at the end of the stream to get what is still held.
 */
function createLeadingHeadingFilter(): (token: string | null) => string {
  let held = '';
  let decided = false;
  return (token) => {
    if (decided) return token ?? '';
    held += token ?? '';
    const start = held.trimStart();
    if (start === '' && token !== null) return '';
    if (start.startsWith('#')) {
      const newline = start.indexOf('\n');
      if (newline === -1 && token !== null) return '';
      decided = true;
      return newline === -1 ? '' : start.slice(newline + 1).trimStart();
    }
    decided = true;
    return start;
  };
}
