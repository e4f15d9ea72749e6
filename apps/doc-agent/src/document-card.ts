import { CHAIN_SKILLS } from '@baton/chain';
import type { AgentCardInput } from '@baton/server';

/** The doc agent's card: one skill, found by the orchestrator through `CHAIN_SKILLS.document`. */
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
      tags: ['document', 'writing', 'markdown', 'streaming', 'baton-chain'],
      examples: [
        '{"title":"Tea: a short history","topic":"tea","sections":[{"heading":"Origins","points":["China"]}]}',
        'Write it for beginners, in a friendly tone (with the outline as a DataPart)',
      ],
      inputModes: ['application/json', 'text/plain'],
      outputModes: ['text/plain', 'application/json'],
    },
  ],
};
