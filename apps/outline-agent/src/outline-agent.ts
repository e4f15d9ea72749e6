import { type AgentHosting, hostingOptions } from '@baton/agent-host';
import {
  CHAIN_ARTIFACTS,
  contractPart,
  type OutlineGenerator,
  type OutlineOptions,
  OutlineOptionsSchema,
  OutlineSchema,
  readContract,
  splitInstructions,
} from '@baton/chain';
import { JsonValueSchema, type Message } from '@baton/protocol';
import { type A2AServer, type AgentExecutor, createA2AServer, messageText } from '@baton/server';
import { OUTLINE_AGENT_CARD } from './outline-card.ts';

/** The question the agent asks when a request names no topic. */
export const TOPIC_QUESTION = 'What topic should the outline cover?';

/** What the outline agent is built from. */
export interface OutlineAgentOptions extends AgentHosting {
  /** Writes the outline (offline or LLM-backed). */
  readonly generator: OutlineGenerator;
}

/**
 * Creates the outline agent: a topic (text), optional `OutlineOptions` (a JSON DataPart) and an optional
 * instruction (a TextPart marked with `baton.instruction` metadata: "shorter", "for experts") in, an `outline`
 * artifact out. Without a topic it asks for one (INPUT_REQUIRED) and carries on on the same task.
 *
 * @example
 * const server = createOutlineAgent({ generator: createOfflineOutlineGenerator() });
 * await startA2AServer(server, { port: 4101 });
 */
export function createOutlineAgent(options: OutlineAgentOptions): A2AServer {
  return createA2AServer({
    card: OUTLINE_AGENT_CARD,
    executor: createOutlineExecutor(options.generator),
    // Its executor is a pure function of its input: a task its instance left is started again, not failed.
    ...hostingOptions(options, { restartable: true }),
  });
}

/** The outline agent's logic, for hosts that assemble their own server. */
export function createOutlineExecutor(generator: OutlineGenerator): AgentExecutor {
  return async (ctx) => {
    // Validated before any task event, so bad options answer the request with InvalidParams naming the field.
    // A follow-up that starts the executor again (the agent restarted while the task waited for input) carries
    // only the answer; the options then come from the message that started the task.
    const options = readOutlineOptions([ctx.message, ...(ctx.task?.history ?? [])]);
    // A refinement marks its instruction ("shorter", "for experts"); the rest of the text is the topic.
    const { subject, instruction } = splitInstructions(ctx.message);
    let topic = normalizeTopic(subject);
    while (topic === '') topic = normalizeTopic(messageText(await ctx.requestInput(TOPIC_QUESTION)));

    await ctx.working(`Outlining "${topic}"${instruction === '' ? '' : ` (${instruction})`}`);
    const outline = OutlineSchema.parse(
      await generator.outline({
        topic,
        options,
        signal: ctx.signal,
        progress: (text) => ctx.working(text),
        ...(instruction === '' ? {} : { instruction }),
      }),
    );
    if (ctx.signal.aborted) return;
    const count = outline.sections.length;
    // The JSON round trip drops keys zod leaves as `undefined` (e.g. `audience`), which a DataPart cannot carry.
    const data = JsonValueSchema.parse(JSON.parse(JSON.stringify(outline)));
    await ctx.addArtifact({
      name: CHAIN_ARTIFACTS.outline,
      description: `Outline of "${outline.title}"`,
      parts: [{ text: `${outline.title}: ${count} section${count === 1 ? '' : 's'}` }, contractPart(data)],
    });
    await ctx.complete(`Outlined "${outline.title}" in ${count} section${count === 1 ? '' : 's'}.`);
  };
}

/** The options DataPart of the first user message that has one, validated; `{}` when none has. */
function readOutlineOptions(messages: readonly Message[]): OutlineOptions {
  const carrying = messages.find(
    (message) => message.role === 'ROLE_USER' && message.parts.some((part) => 'data' in part),
  );
  return carrying ? readContract(carrying, OutlineOptionsSchema, 'options DataPart') : {};
}

/** The topic with its whitespace collapsed; `""` when there is none. */
function normalizeTopic(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
