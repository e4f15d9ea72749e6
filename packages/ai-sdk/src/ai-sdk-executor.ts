import type { Message } from '@baton/client';
import type { AgentExecutor, ExecutionContext } from '@baton/server';
import {
  type LanguageModel,
  type ModelMessage,
  type StopCondition,
  stepCountIs,
  streamText,
  type ToolSet,
} from 'ai';

/** Options of {@link aiSdkExecutor}. */
export interface AiSdkExecutorOptions {
  /** Any AI SDK language model: `openai('gpt-4o')`, `createOpenAICompatible({…})('…')`, … */
  readonly model: LanguageModel;
  /** The agent's instructions. */
  readonly system?: string;
  /** Tools the model may call (`tool({ description, inputSchema, execute })`); each call is a status update. */
  readonly tools?: ToolSet;
  /** When to stop calling tools; default after 5 steps (`stepCountIs(5)`). */
  readonly stopWhen?: StopCondition<ToolSet>;
  readonly temperature?: number;
  readonly maxOutputTokens?: number;
  /** Retries of a failed model call; default the AI SDK's (2). */
  readonly maxRetries?: number;
  /** The artifact's name; default `answer`. */
  readonly artifactName?: string;
}

const textOf = (message: Message) =>
  message.parts
    .flatMap((part) => ('text' in part ? [part.text] : 'data' in part ? [JSON.stringify(part.data)] : []))
    .join('\n');

/** The task's conversation so far, then this message, as AI SDK messages (agent turns as the assistant's). */
function conversation(ctx: ExecutionContext): ModelMessage[] {
  const earlier = (ctx.task?.history ?? []).filter((message) => message.messageId !== ctx.message.messageId);
  return [...earlier, ctx.message].flatMap((message): ModelMessage[] => {
    const text = textOf(message);
    if (!text) return [];
    return [
      message.role === 'ROLE_AGENT' ? { role: 'assistant', content: text } : { role: 'user', content: text },
    ];
  });
}

/**
 * An AI SDK model as an A2A agent's executor: `createA2AServer({ card, executor: aiSdkExecutor({ model, system,
 * tools }) })`. Each message runs `streamText` over the task's conversation; the answer streams as chunks of one
 * artifact, each tool call and result is a working status update (`Calling weather`, `weather answered`), and a
 * canceled task aborts the model call. An error of the model fails the task (its text stays in the server's log).
 *
 * @example
 * executor: aiSdkExecutor({ model: openai('gpt-4o-mini'), system: 'You plan trips.', tools: { weather } })
 */
export function aiSdkExecutor(options: AiSdkExecutorOptions): AgentExecutor {
  return async (ctx) => {
    // A task from the start: the caller can follow, subscribe to or cancel it while the model thinks.
    await ctx.working();
    const result = streamText({
      model: options.model,
      messages: conversation(ctx),
      abortSignal: ctx.signal,
      stopWhen: options.stopWhen ?? stepCountIs(5),
      ...(options.system === undefined ? {} : { system: options.system }),
      ...(options.tools === undefined ? {} : { tools: options.tools }),
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
      ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    });
    const artifact = ctx.streamArtifact({ name: options.artifactName ?? 'answer' });
    let wrote = false;
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta' && part.text !== '') {
        await artifact.write(part.text);
        wrote = true;
      } else if (part.type === 'tool-call') await ctx.working(`Calling ${part.toolName}`);
      else if (part.type === 'tool-result') await ctx.working(`${part.toolName} answered`);
      else if (part.type === 'tool-error') await ctx.working(`${part.toolName} failed`);
      else if (part.type === 'error') throw part.error;
      // An `abort` part (the task was canceled) is followed by the stream's end: read on to it, as leaving the loop
      // early would wait on the aborted model call.
    }
    if (ctx.signal.aborted) return;
    await artifact.end(wrote ? undefined : '');
    await ctx.complete();
  };
}
