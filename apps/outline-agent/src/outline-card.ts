import { CHAIN_MEDIA_TYPES, CHAIN_SKILLS } from '@baton/chain';
import type { AgentCardInput } from '@baton/server';

/** The outline agent's card: one skill, found by the orchestrator through `CHAIN_SKILLS.outline`. */
export const OUTLINE_AGENT_CARD: AgentCardInput = {
  name: 'Outline agent',
  description:
    'Turns a topic into a structured outline: a title and sections with the points each will make. ' +
    'Send the topic as text, optionally with a JSON DataPart of options (audience, length, sections).',
  version: '0.1.0',
  defaultInputModes: ['text/plain', 'application/json'],
  defaultOutputModes: ['application/json', 'text/plain'],
  skills: [
    {
      id: CHAIN_SKILLS.outline,
      name: 'Outline a topic',
      description:
        'Plans a document about a topic; the `outline` artifact carries the outline as a JSON DataPart. ' +
        'Asks for the topic when none is given.',
      tags: ['outline', 'writing', 'planning', 'structure', 'topic', 'baton-chain'],
      examples: [
        'The history of tea',
        'How solar panels work, for high-school students',
        'Onboarding guide for new backend engineers',
      ],
      inputModes: ['text/plain', 'application/json'],
      outputModes: ['application/json', 'text/plain', CHAIN_MEDIA_TYPES.outline],
    },
  ],
};
