import { CHAIN_MEDIA_TYPES, CHAIN_SKILLS, SECTION_SKILLS } from '@baton/chain';
import type { AgentCardInput } from '@baton/server';

/** The summary agent's card: the summary skill (`CHAIN_SKILLS.summary`) and the reviewer (`SECTION_SKILLS.review`). */
export const SUMMARY_AGENT_CARD: AgentCardInput = {
  name: 'Summary agent',
  description:
    'Summarizes a document: send the doc agent’s `document` artifact as a JSON DataPart, or paste any text ' +
    'or markdown. Answers with a short summary and its key points.',
  version: '0.1.0',
  defaultInputModes: ['application/json', 'text/plain'],
  defaultOutputModes: ['text/plain', 'application/json'],
  skills: [
    {
      id: CHAIN_SKILLS.summary,
      name: 'Summarize a document',
      description:
        'The `summary` artifact carries the summary as text and, as a JSON DataPart, with its key points and ' +
        'word counts. Works on any text, not only documents from the chain. Follows a request sent as text: an ' +
        'audience ("for beginners"), a length; asked to merge several summaries, writes one brief with a ' +
        'paragraph for each.',
      tags: ['summary', 'summarization', 'key-points', 'brief', 'merge', 'baton-chain'],
      examples: [
        '# Tea: a short history\n\n## Origins\n\nTea was first drunk in China…',
        'Paste an article, a report or meeting notes to get its summary.',
      ],
      inputModes: [
        'application/json',
        'text/plain',
        'text/markdown',
        CHAIN_MEDIA_TYPES.document,
        CHAIN_MEDIA_TYPES.summary,
      ],
      outputModes: ['text/plain', 'application/json', CHAIN_MEDIA_TYPES.summary],
    },
    {
      id: SECTION_SKILLS.review,
      name: 'Review a document against its outline',
      description:
        'Checks that every section of the outline is written, developed and covers its points. Send the outline ' +
        'and the document as JSON DataParts; the `review` artifact says pass, or fail with the sections to ' +
        'rewrite ({heading, points, note}), each ready for `baton.section`.',
      tags: ['review', 'quality', 'baton-chain'],
      examples: ["The outline agent's outline and the doc agent's document as two DataParts"],
      inputModes: ['application/json'],
      outputModes: ['text/plain', 'application/json'],
    },
  ],
};
