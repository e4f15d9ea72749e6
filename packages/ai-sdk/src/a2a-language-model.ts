import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import {
  type A2AClient,
  type A2AClientOptions,
  type Artifact,
  applyStreamEvent,
  createA2AClient,
  type Message,
  type Part,
  type Task,
  userMessage,
} from '@baton/client';
import { taskStateName } from '@baton/protocol';
import { type A2AContinuation, promptToMessage } from './prompt-to-message.ts';

/** Settings of an A2A agent as a language model. */
export interface A2AModelSettings {
  /** How to reach the agent: credentials, headers, `fetch`, timeouts (the options of `createA2AClient`). */
  readonly client?: Omit<A2AClientOptions, 'agent'>;
}

const NO_USAGE: LanguageModelV3Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

const textOf = (parts: readonly Part[] | undefined) =>
  (parts ?? [])
    .flatMap((part) => ('text' in part ? [part.text] : 'data' in part ? [JSON.stringify(part.data)] : []))
    .join('');

/**
 * How the agent's answer ends the model call: completed is `stop`; a question (input-required, auth-required) is
 * `other`, its `raw` naming the state, so the caller answers it with the next call; failed, rejected or canceled
 * is `error`.
 */
function finishOf(outcome: Task | Message): LanguageModelV3FinishReason {
  if (!('status' in outcome)) return { unified: 'stop', raw: 'message' };
  const raw = taskStateName(outcome.status.state);
  if (raw === 'completed') return { unified: 'stop', raw };
  if (raw === 'input-required' || raw === 'auth-required') return { unified: 'other', raw };
  return { unified: 'error', raw };
}

function metadataOf(outcome: Task | Message) {
  if (!('status' in outcome))
    return { a2a: { ...(outcome.contextId ? { contextId: outcome.contextId } : {}), state: 'message' } };
  return {
    a2a: {
      taskId: outcome.id,
      ...(outcome.contextId ? { contextId: outcome.contextId } : {}),
      state: taskStateName(outcome.status.state),
    },
  };
}

/** The answer's text: the artifacts' (DataParts as JSON), or the agent's message when there is none. */
function answerText(outcome: Task | Message): string {
  if (!('status' in outcome)) return textOf(outcome.parts);
  const fromArtifacts = (outcome.artifacts ?? [])
    .map((artifact: Artifact) => textOf(artifact.parts))
    .filter(Boolean);
  return fromArtifacts.length > 0 ? fromArtifacts.join('\n\n') : textOf(outcome.status.message?.parts);
}

/**
 * Any A2A agent as a Vercel AI SDK language model (specification v3: AI SDK 6, and 7): `generateText({ model:
 * a2a('http://127.0.0.1:4000'), prompt })`. Each call sends the prompt's last user message; the agent's artifacts
 * come back as text (streamed chunk by chunk with `streamText`). The agent's context is kept across turns: each
 * answer carries `providerMetadata.a2a` (`contextId`, `taskId`, `state`), which the AI SDK hands back with the
 * conversation's messages, and the model also remembers its last answer. A question from the agent ends the call
 * with finish reason `other` (raw `input-required`) and the question as text; the next user message answers it.
 * An aborted call cancels the agent's task.
 *
 * @example
 * const { text } = await generateText({ model: a2a('http://127.0.0.1:4000'), prompt: 'Plan a trip to Lisbon' });
 */
export function a2a(agent: string | URL, settings: A2AModelSettings = {}): LanguageModelV3 {
  let client: Promise<A2AClient> | undefined;
  let remembered: A2AContinuation & { state?: string } = {};
  const connect = () => {
    client ??= createA2AClient({ ...settings.client, agent: String(agent) }).catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    return client;
  };
  const remember = (outcome: Task | Message) => {
    remembered = metadataOf(outcome).a2a;
  };
  const cancelQuietly = async (taskId: string | undefined) => {
    if (taskId) await (await connect()).cancelTask(taskId, { timeoutMs: 5_000 }).catch(() => undefined);
  };

  return {
    specificationVersion: 'v3',
    provider: 'a2a',
    modelId: String(agent),
    supportedUrls: { '*/*': [/^https?:\/\//] },

    async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
      const a2aClient = await connect();
      const { parts, continuation, warnings } = promptToMessage(options, remembered);
      const message = userMessage(parts, continuation);
      let outcome: Task | Message;
      try {
        const answer = await a2aClient.sendMessage(message, {
          ...(options.abortSignal ? { signal: options.abortSignal } : {}),
          ...(options.headers ? { headers: options.headers as Record<string, string> } : {}),
        });
        outcome = 'task' in answer ? answer.task : answer.message;
      } catch (error) {
        if (options.abortSignal?.aborted) await cancelQuietly(continuation.taskId);
        throw error;
      }
      remember(outcome);
      const text = answerText(outcome);
      // On the text too: the AI SDK hands a part's provider metadata back with the conversation's messages.
      const content: LanguageModelV3Content[] = text
        ? [{ type: 'text', text, providerMetadata: metadataOf(outcome) }]
        : [];
      return {
        content,
        finishReason: finishOf(outcome),
        usage: NO_USAGE,
        providerMetadata: metadataOf(outcome),
        response: { id: 'status' in outcome ? outcome.id : outcome.messageId, modelId: String(agent) },
        warnings,
      };
    },

    async doStream(options: LanguageModelV3CallOptions) {
      const a2aClient = await connect();
      const { parts, continuation, warnings } = promptToMessage(options, remembered);
      const message = userMessage(parts, continuation);
      // The call was aborted or its stream cancelled: the agent's task is canceled, then the stream closed (the
      // client's `cancelTaskOnAbort`).
      const stopping = new AbortController();
      const stop = () => stopping.abort();
      let task: Task | undefined;
      let readerGone = false;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          // After the reader cancelled, parts have nowhere to go; the loop still runs, to cancel the task.
          const emit = (part: LanguageModelV3StreamPart) => {
            if (!readerGone) controller.enqueue(part);
          };
          emit({ type: 'stream-start', warnings });
          let direct: Message | undefined;
          const open = new Set<string>();
          let wroteText = false;
          if (options.abortSignal?.aborted) stop();
          options.abortSignal?.addEventListener('abort', stop, { once: true });
          try {
            const events = a2aClient.streamMessage(message, {
              signal: stopping.signal,
              cancelTaskOnAbort: true,
            });
            for await (const event of events) {
              const before = task;
              task = applyStreamEvent(task, event);
              if (!before && task) emit({ type: 'response-metadata', id: task.id, modelId: String(agent) });
              if ('artifactUpdate' in event) {
                const { artifact, lastChunk } = event.artifactUpdate;
                const id = artifact.artifactId;
                if (!open.has(id)) {
                  open.add(id);
                  emit({ type: 'text-start', id });
                }
                const delta = textOf(artifact.parts);
                if (delta) {
                  wroteText = true;
                  emit({ type: 'text-delta', id, delta });
                }
                if (lastChunk) {
                  emit({
                    type: 'text-end',
                    id,
                    ...(task ? { providerMetadata: metadataOf(task) } : {}),
                  });
                  open.delete(id);
                }
              } else if ('message' in event) {
                direct = event.message;
              }
            }
            const outcome = task ?? direct;
            if (!outcome) throw new Error('The agent ended the stream without a task or a message');
            for (const id of open) emit({ type: 'text-end', id, providerMetadata: metadataOf(outcome) });
            remember(outcome);
            // What the stream did not say as artifact chunks: a direct message, a question, a failure's reason.
            const finishReason = finishOf(outcome);
            const closing = wroteText && finishReason.unified === 'stop' ? '' : answerText(outcome);
            if (closing) {
              emit({ type: 'text-start', id: 'answer' });
              emit({ type: 'text-delta', id: 'answer', delta: closing });
              emit({ type: 'text-end', id: 'answer', providerMetadata: metadataOf(outcome) });
            }
            emit({
              type: 'finish',
              finishReason,
              usage: NO_USAGE,
              providerMetadata: metadataOf(outcome),
            });
          } catch (error) {
            emit({ type: 'error', error });
            emit({
              type: 'finish',
              finishReason: { unified: 'error', raw: undefined },
              usage: NO_USAGE,
            });
          } finally {
            options.abortSignal?.removeEventListener('abort', stop);
            if (!readerGone) controller.close();
          }
        },
        cancel() {
          readerGone = true;
          stop();
        },
      });
      return { stream };
    },
  };
}
