import type { AgentCard, AgentSkill } from '@baton/protocol';

/** One MCP tool of an agent: a skill of its card (or, for a card without skills, the agent itself). */
export interface SkillTool {
  /** The MCP tool name: the skill id, kept to the letters, digits, `_` and `-` MCP clients accept, at most 64. */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The skill it stands for; absent for the one tool of a card without skills. */
  readonly skill?: AgentSkill;
}

/** What every agent tool takes: the message's text and DataPart, and the task and context to continue. */
export const AGENT_TOOL_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    text: { type: 'string', description: 'What to ask the agent, in words (sent as the message text).' },
    data: {
      type: 'object',
      description: 'Structured input for the agent, sent as a DataPart beside the text.',
      additionalProperties: true,
    },
    taskId: {
      type: 'string',
      description: 'Continue this task: to answer a question the agent asked (state input-required).',
    },
    contextId: {
      type: 'string',
      description: 'Send within this conversation (a contextId an earlier call gave).',
    },
  },
  additionalProperties: false,
} as const;

/** What every agent tool returns as `structuredContent` (the text content says the same in words). */
export const AGENT_TOOL_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    state: {
      type: 'string',
      description:
        'How the task ended: completed, failed, canceled, rejected, input-required, auth-required or message.',
    },
    taskId: { type: 'string' },
    contextId: { type: 'string' },
    question: { type: 'string', description: 'What the agent asks (state input-required).' },
    text: {
      type: 'string',
      description: "The agent's answer in words: its artifacts' text, or its message.",
    },
    artifacts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          text: { type: 'string' },
          data: { description: "The artifact's DataParts: the one value, or a list when it has several." },
        },
      },
    },
  },
  required: ['state'],
} as const;

const MAX_NAME = 64;

function toolName(raw: string): string {
  const cleaned = raw.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return (cleaned || 'agent').slice(0, MAX_NAME);
}

function uniqueName(wanted: string, taken: Set<string>): string {
  let name = wanted;
  for (let n = 2; taken.has(name); n++) {
    const suffix = `_${n}`;
    name = `${wanted.slice(0, MAX_NAME - suffix.length)}${suffix}`;
  }
  taken.add(name);
  return name;
}

function describe(skill: AgentSkill, card: AgentCard): string {
  const examples = skill.examples?.length
    ? ` Examples: ${skill.examples.map((e) => `"${e}"`).join(', ')}.`
    : '';
  return `${skill.description}${examples} (A2A agent "${card.name}", skill "${skill.id}".)`;
}

/**
 * The MCP tools of an agent card: one per skill, named after the skill's id, described by its description and
 * examples; a card without skills gives one tool named after the agent.
 */
export function skillTools(card: AgentCard): SkillTool[] {
  const taken = new Set<string>();
  if (card.skills.length === 0) {
    return [
      {
        name: uniqueName(toolName(card.name), taken),
        title: card.name,
        description: `${card.description} (A2A agent "${card.name}".)`,
      },
    ];
  }
  return card.skills.map((skill) => ({
    name: uniqueName(toolName(skill.id), taken),
    title: skill.name,
    description: describe(skill, card),
    skill,
  }));
}
