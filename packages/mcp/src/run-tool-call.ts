import {
  type A2AClient,
  applyStreamEvent,
  dataPart,
  isA2AClientError,
  joinText,
  type Message,
  type Part,
  type StreamResponse,
  type Task,
  textPart,
  userMessage,
} from '@baton/client';
import { isTerminalState } from '@baton/protocol';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  type CallToolResult,
  ElicitResultSchema,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { partsText, toolResultOf } from './tool-result.ts';

/** The arguments of an agent tool (`AGENT_TOOL_INPUT_SCHEMA`). */
export interface AgentToolArgs {
  readonly text?: string;
  readonly data?: Record<string, unknown>;
  readonly taskId?: string;
  readonly contextId?: string;
}

/** What one tool call needs besides its arguments. */
export interface ToolCallContext {
  readonly client: A2AClient;
  readonly toolName: string;
  /** The skill the tool stands for: named on each send, for an agent that takes client-directed skill selection. */
  readonly skillId?: string;
  /** The MCP request: its cancellation, progress token and the channel back to the client. */
  readonly extra: RequestHandlerExtra<ServerRequest, ServerNotification>;
  /** Whether the MCP client can answer an elicitation (a form), so the agent's questions are put to its user. */
  readonly canElicit: boolean;
  /** Most questions put to the user in one call before the question is returned instead. Default 10. */
  readonly maxQuestions?: number;
}

const errorResult = (text: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text }],
  structuredContent: { state: 'error', text },
});

function readArgs(raw: unknown): AgentToolArgs | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return 'The arguments must be an object.';
  const args = raw as Record<string, unknown>;
  for (const key of ['text', 'taskId', 'contextId'] as const) {
    if (args[key] !== undefined && typeof args[key] !== 'string') return `"${key}" must be a string.`;
  }
  if (
    args.data !== undefined &&
    (typeof args.data !== 'object' || args.data === null || Array.isArray(args.data))
  ) {
    return '"data" must be an object.';
  }
  if ((args.text === undefined || (args.text as string).trim() === '') && args.data === undefined) {
    return 'Give the agent something: "text", "data" or both.';
  }
  return args as AgentToolArgs;
}

/**
 * Streams the turn's events: progress notifications for what the agent says and writes, the task as it ends. When
 * the MCP request is cancelled the task is canceled (the client's `cancelTaskOnAbort`).
 */
async function streamTurn(
  context: ToolCallContext,
  message: Message,
  progress: { count: number },
  current: { taskId?: string | undefined },
): Promise<Task | Message> {
  const { client, extra } = context;
  const token = extra._meta?.progressToken;
  const report = async (text: string) => {
    if (token === undefined || text === '' || extra.signal.aborted) return;
    progress.count += 1;
    await extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress: progress.count, message: text },
      })
      .catch(() => undefined);
  };
  let task: Task | undefined;
  let direct: Message | undefined;
  const events: AsyncIterable<StreamResponse> = client.streamMessage(message, {
    signal: extra.signal,
    cancelTaskOnAbort: true,
    ...(context.skillId === undefined ? {} : { skillId: context.skillId }),
  });
  for await (const event of events) {
    if ('message' in event) direct = event.message;
    task = applyStreamEvent(task, event);
    if (task) current.taskId = task.id;
    if ('artifactUpdate' in event) await report(joinText(event.artifactUpdate.artifact.parts));
    else if ('statusUpdate' in event) await report(partsText(event.statusUpdate.status.message?.parts));
  }
  if (task) return task;
  if (direct) return direct;
  throw new Error('The agent ended the stream without a task or a message');
}

/** One turn without streaming (an agent whose card says it does not stream). */
async function sendTurn(context: ToolCallContext, message: Message): Promise<Task | Message> {
  const response = await context.client.sendMessage(message, {
    signal: context.extra.signal,
    ...(context.skillId === undefined ? {} : { skillId: context.skillId }),
  });
  return 'task' in response ? response.task : response.message;
}

/** Puts the agent's question to the MCP client's user; the answer, or `undefined` when they declined. */
async function ask(context: ToolCallContext, question: string): Promise<string | undefined> {
  const result = await context.extra.sendRequest(
    {
      method: 'elicitation/create',
      params: {
        message: question,
        requestedSchema: {
          type: 'object',
          properties: { answer: { type: 'string', title: 'Answer', description: question } },
          required: ['answer'],
        },
      },
    },
    ElicitResultSchema,
  );
  const answer = result.action === 'accept' ? result.content?.answer : undefined;
  return typeof answer === 'string' && answer.trim() !== '' ? answer : undefined;
}

async function cancelQuietly(client: A2AClient, taskId: string): Promise<void> {
  await client.cancelTask(taskId, { timeoutMs: 5_000 }).catch(() => undefined);
}

/**
 * Runs one call of an agent tool: sends the text and data as a message (continuing `taskId` / `contextId` when
 * given), streams what the agent says and writes as progress notifications, puts each question the agent asks to the
 * user through elicitation when the client can answer one (declined: the task is canceled), cancels the task when
 * the MCP request is cancelled, and returns how the task ended (`toolResultOf`).
 */
export async function runToolCall(context: ToolCallContext, rawArgs: unknown): Promise<CallToolResult> {
  const args = readArgs(rawArgs);
  if (typeof args === 'string') return errorResult(args);
  const streaming = context.client.card.capabilities?.streaming === true;
  const progress = { count: 0 };
  let parts: Part[] = [
    ...(args.text?.trim() ? [textPart(args.text)] : []),
    ...(args.data ? [dataPart(args.data as Parameters<typeof dataPart>[0])] : []),
  ];
  const current: { taskId?: string | undefined; contextId?: string | undefined } = {
    taskId: args.taskId,
    contextId: args.contextId,
  };
  const maxQuestions = context.maxQuestions ?? 10;
  try {
    for (let asked = 0; ; asked++) {
      const message = userMessage(parts, {
        ...(current.taskId ? { taskId: current.taskId } : {}),
        ...(current.contextId ? { contextId: current.contextId } : {}),
      });
      const outcome = streaming
        ? await streamTurn(context, message, progress, current)
        : await sendTurn(context, message);
      if (context.extra.signal.aborted) return errorResult('The call was cancelled.');
      if (!('status' in outcome)) return toolResultOf(outcome, context.toolName);
      current.taskId = outcome.id;
      current.contextId = outcome.contextId;
      const waiting = outcome.status.state === 'TASK_STATE_INPUT_REQUIRED';
      if (!waiting || !context.canElicit || asked >= maxQuestions || isTerminalState(outcome.status.state)) {
        return toolResultOf(outcome, context.toolName);
      }
      const answer = await ask(
        context,
        partsText(outcome.status.message?.parts) || 'The agent needs more input.',
      );
      if (answer === undefined) {
        await cancelQuietly(context.client, outcome.id);
        return errorResult(`The question was declined, so the agent's task ${outcome.id} was canceled.`);
      }
      parts = [textPart(answer)];
    }
  } catch (error) {
    if (context.extra.signal.aborted) return errorResult('The call was cancelled.');
    const reason = isA2AClientError(error) || error instanceof Error ? error.message : String(error);
    return errorResult(`The agent could not be reached or refused the call: ${reason}`);
  }
}
