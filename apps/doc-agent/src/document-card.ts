import { CHAIN_MEDIA_TYPES, CHAIN_SKILLS, SECTION_SKILLS } from '@baton/chain';
import type { AgentCardInput } from '@baton/server';

/**
 * The doc agent's card: the document skill (`CHAIN_SKILLS.document`), and the `sections` chain's section writer and
 * assembler (`SECTION_SKILLS`).
 */
export const DOC_AGENT_CARD: AgentCardInput = {
  name: 'Doc agent',
  description:
    'Writes a markdown document from an outline, streaming it section by section. Send the outline as a ' +
    'JSON DataPart (the outline agent’s `outline` artifact) and, optionally, writing instructions as text.',
  version: '0.1.0',
  defaultInputModes: ['application/json', 'text/plain'],
  defaultOutputModes: ['text/plain', 'application/json'],
  skills: [
    {
      id: CHAIN_SKILLS.document,
      name: 'Write a document from an outline',
      description:
        'Streams the `document` artifact as markdown text, one section after another; its last chunk carries ' +
        'the whole document as a JSON DataPart.',
      tags: ['document', 'writing', 'markdown', 'streaming', 'explain', 'article', 'guide', 'baton-chain'],
      examples: [
        '{"title":"Tea: a short history","topic":"tea","sections":[{"heading":"Origins","points":["China"]}]}',
        'Write it for beginners, in a friendly tone (with the outline as a DataPart)',
      ],
      inputModes: ['application/json', 'text/plain', CHAIN_MEDIA_TYPES.outline],
      outputModes: ['text/plain', 'application/json', CHAIN_MEDIA_TYPES.document],
    },
    {
      id: SECTION_SKILLS.section,
      name: 'Write one section',
      description:
        'Writes one section of an outline: send the section ({"heading", "points", "note"?}) and the outline as ' +
        'JSON DataParts; answers a `section` artifact (markdown as text, {heading, markdown} as data).',
      tags: ['section', 'writing', 'markdown', 'baton-chain'],
      examples: [
        '{"heading":"Origins","points":["Legends of Shennong"]} with the outline as a second DataPart',
      ],
      inputModes: ['application/json', 'text/plain'],
      outputModes: ['text/plain', 'application/json'],
    },
    {
      id: SECTION_SKILLS.assemble,
      name: 'Assemble a document from sections',
      description:
        'Joins written sections into a `document` artifact in the order an outline or a document gives; a ' +
        'section replaces the one with its heading. Send the outline (or document) and the sections as DataParts.',
      tags: ['document', 'assemble', 'baton-chain'],
      examples: ['An outline and a map step\'s {"items": [{"heading", "markdown"}, …]} as DataParts'],
      inputModes: ['application/json'],
      outputModes: ['text/plain', 'application/json'],
    },
  ],
};
