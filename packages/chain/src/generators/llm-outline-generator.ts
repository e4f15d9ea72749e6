import { type Outline, OutlineSchema } from '../contracts/outline.ts';
import type { OutlineGenerator } from './generators.ts';
import { outlineOptionsFor, readInstruction } from './instruction.ts';
import { requestLlmJson } from './llm-json-request.ts';
import type { ModelConnection } from './model-call.ts';

const DEFAULT_SECTIONS = { short: 3, medium: 4, long: 6 } as const;
const POINTS_PER_SECTION = { short: '2', medium: '2 to 3', long: '3 to 4' } as const;

const SYSTEM_PROMPT = `You plan documents. Reply with one JSON object and nothing else, in exactly this shape:
{"title": string, "sections": [{"heading": string, "points": [string, ...]}, ...]}
- "title": a short, specific document title.
- "sections": in reading order; each "heading" is short, each point is one phrase the section will make.
No markdown, no comments, no extra keys.`;

/** An outline generator backed by any OpenAI-compatible chat-completions model, replying in JSON. */
export function createLlmOutlineGenerator(connection: ModelConnection): OutlineGenerator {
  return {
    async outline({ topic, options: asked, signal, instruction, progress }) {
      // The instruction's counts and audience become options, so the reply is checked against them too.
      const outlineOptions = outlineOptionsFor(asked, readInstruction(instruction));
      const length = outlineOptions.length ?? 'medium';
      const sections = outlineOptions.sections ?? DEFAULT_SECTIONS[length];
      const reply = OutlineSchema.pick({ title: true, sections: true }).refine(
        (outline) => outline.sections.length === sections,
        { message: `expected exactly ${sections} sections`, path: ['sections'] },
      );
      const user = [
        `Topic: ${topic}`,
        `Audience: ${outlineOptions.audience ?? 'general readers'}`,
        `Write exactly ${sections} sections with ${POINTS_PER_SECTION[length]} points each.`,
        ...(instruction ? [`Instructions from the user: ${instruction}`] : []),
      ].join('\n');
      const planned = await requestLlmJson({
        connection,
        progress,
        system: SYSTEM_PROMPT,
        user,
        schema: reply,
        what: 'outline',
        signal,
      });
      const outline: Outline = {
        title: planned.title,
        topic,
        ...(outlineOptions.audience === undefined ? {} : { audience: outlineOptions.audience }),
        sections: planned.sections,
      };
      return OutlineSchema.parse(outline);
    },
  };
}
