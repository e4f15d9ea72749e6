import type { LanguageModelV3CallOptions, LanguageModelV3Prompt, SharedV3Warning } from '@ai-sdk/provider';
import type { Part } from '@baton/client';

/** Where a call continues: the A2A context, and the task when the agent was waiting for an answer. */
export interface A2AContinuation {
  readonly contextId?: string;
  readonly taskId?: string;
}

/** What one model call sends: the parts of the last user message, where it continues, and what was dropped. */
export interface PromptMessage {
  readonly parts: Part[];
  readonly continuation: A2AContinuation;
  readonly warnings: SharedV3Warning[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ a2a: { contextId, taskId, state } }` from provider options or metadata, if any. */
function a2aOptions(options: unknown): A2AContinuation & { state?: string } {
  const a2a = isRecord(options) ? options.a2a : undefined;
  if (!isRecord(a2a)) return {};
  return {
    ...(typeof a2a.contextId === 'string' ? { contextId: a2a.contextId } : {}),
    ...(typeof a2a.taskId === 'string' ? { taskId: a2a.taskId } : {}),
    ...(typeof a2a.state === 'string' ? { state: a2a.state } : {}),
  };
}

/** The continuation the last assistant message of the prompt carries (its `providerOptions.a2a`), if any. */
function fromHistory(prompt: LanguageModelV3Prompt): (A2AContinuation & { state?: string }) | undefined {
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index];
    if (message?.role !== 'assistant') continue;
    const found = a2aOptions(message.providerOptions);
    if (found.contextId) return found;
    for (const part of message.content) {
      const inPart = a2aOptions(part.providerOptions);
      if (inPart.contextId) return inPart;
    }
    return {};
  }
  return undefined;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The A2A message of one model call: the last user message's text and files (an agent keeps the conversation by its
 * context, so earlier turns are not sent again), continuing the context and, after a question, the task that asked
 * it: from the call's `providerOptions.a2a`, else from the last assistant message's (the AI SDK hands back each
 * answer's provider metadata that way), else from what this model answered last (`remembered`) when the prompt
 * goes on a conversation. System messages and tool messages are dropped with a warning: the agent has its own.
 */
export function promptToMessage(
  options: LanguageModelV3CallOptions,
  remembered: A2AContinuation & { state?: string },
): PromptMessage {
  const warnings: SharedV3Warning[] = [];
  const last = options.prompt.at(-1);
  if (last?.role !== 'user')
    throw new Error('An A2A agent answers a user message: the prompt must end with one');
  if (options.prompt.some((message) => message.role === 'system')) {
    warnings.push({
      type: 'unsupported',
      feature: 'system messages',
      details: 'an A2A agent has its own instructions',
    });
  }
  if (options.tools?.length) {
    warnings.push({ type: 'unsupported', feature: 'tools', details: 'an A2A agent uses its own tools' });
  }
  const parts: Part[] = [];
  for (const part of last.content) {
    if (part.type === 'text') parts.push({ text: part.text });
    else if (part.data instanceof URL) {
      parts.push({
        url: part.data.href,
        mediaType: part.mediaType,
        ...(part.filename ? { filename: part.filename } : {}),
      });
    } else {
      const raw = typeof part.data === 'string' ? part.data : base64(part.data);
      parts.push({ raw, mediaType: part.mediaType, ...(part.filename ? { filename: part.filename } : {}) });
    }
  }
  const asked = a2aOptions(options.providerOptions);
  const history = fromHistory(options.prompt);
  const source = asked.contextId ? asked : history?.contextId ? history : history ? remembered : {};
  const waiting =
    source.state === 'input-required' || source.state === 'auth-required' || asked.taskId !== undefined;
  return {
    parts,
    continuation: {
      ...(source.contextId ? { contextId: source.contextId } : {}),
      ...(waiting && source.taskId ? { taskId: source.taskId } : {}),
    },
    warnings,
  };
}
