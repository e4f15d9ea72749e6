/**
 * The reference to compare with when the official conformance kit's 0.3 branch runs (docs/conformance.md): an
 * agent on the official JS SDK of the 0.3 line (`@a2a-js/sdk@0.3.14`, Express), playing what the conformance
 * agent plays for the 0.3 kit: a `test-resubscribe-message-id…` message works for RESUBSCRIBE_WORK_MS (default
 * 10 s) and can be canceled; any other message is echoed as an artifact and completes. JSON-RPC at `/a2a/jsonrpc`,
 * HTTP+JSON at `/a2a/rest`, streaming and push notifications, in memory. PORT (default 9998), HOST (127.0.0.1).
 */
import { createRequire } from 'node:module';
import type { AgentCard, Message, TaskStatusUpdateEvent } from '@a2a-js/sdk-0.3';
import {
  type AgentExecutor,
  DefaultPushNotificationSender,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryPushNotificationStore,
  InMemoryTaskStore,
  type RequestContext,
} from '@a2a-js/sdk-0.3/server';
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from '@a2a-js/sdk-0.3/server/express';
import { numberFromEnv } from './options-from-env.ts';

// The slice of express used here: the workspace has express 5 but no `@types/express`.
interface ExpressApp {
  use(path: string, handler: unknown): unknown;
  listen(port: number, hostname: string, done: () => void): unknown;
}
const express = createRequire(import.meta.url)('express') as () => ExpressApp;

const port = numberFromEnv(process.env, 'PORT') ?? 9998;
const hostname = process.env.HOST || '127.0.0.1';
const workMs = numberFromEnv(process.env, 'RESUBSCRIBE_WORK_MS') ?? 10_000;
const base = process.env.PUBLIC_URL || `http://${hostname}:${port}`;

const card: AgentCard = {
  name: '@a2a-js/sdk 0.3.14 reference agent',
  description: 'Echoes messages; test-resubscribe-message-id works until it is done or canceled.',
  url: `${base}/a2a/jsonrpc`,
  preferredTransport: 'JSONRPC',
  additionalInterfaces: [
    { url: `${base}/a2a/jsonrpc`, transport: 'JSONRPC' },
    { url: `${base}/a2a/rest`, transport: 'HTTP+JSON' },
  ],
  protocolVersion: '0.3.0',
  version: '1.0.0',
  capabilities: { streaming: true, pushNotifications: true },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'echo', name: 'Echo', description: 'Echoes the message', tags: ['echo'] }],
};

const canceled = new Set<string>();

function status(context: RequestContext, state: TaskStatusUpdateEvent['status']['state'], final: boolean) {
  return {
    kind: 'status-update' as const,
    taskId: context.taskId,
    contextId: context.contextId,
    status: { state, timestamp: new Date().toISOString() },
    final,
  };
}

const textOf = (message: Message) =>
  message.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('');

const executor: AgentExecutor = {
  async execute(context: RequestContext, bus: ExecutionEventBus) {
    const { userMessage, taskId, contextId } = context;
    if (!context.task) {
      bus.publish({
        kind: 'task',
        id: taskId,
        contextId,
        status: { state: 'submitted' },
        history: [userMessage],
      });
    }
    bus.publish(status(context, 'working', false));
    if (userMessage.messageId.startsWith('test-resubscribe-message-id')) {
      const until = Date.now() + workMs;
      while (Date.now() < until && !canceled.has(taskId))
        await new Promise((resolve) => setTimeout(resolve, 50));
      if (canceled.has(taskId)) return;
    }
    bus.publish({
      kind: 'artifact-update',
      taskId,
      contextId,
      artifact: {
        artifactId: `${taskId}-echo`,
        name: 'echo',
        parts: [{ kind: 'text', text: textOf(userMessage) }],
      },
      lastChunk: true,
    });
    bus.publish(status(context, 'completed', true));
    bus.finished();
  },
  async cancelTask(taskId: string, bus: ExecutionEventBus) {
    canceled.add(taskId);
    bus.publish({
      kind: 'status-update',
      taskId,
      contextId: '',
      status: { state: 'canceled', timestamp: new Date().toISOString() },
      final: true,
    });
    bus.finished();
  },
};

const pushStore = new InMemoryPushNotificationStore();
const handler = new DefaultRequestHandler(
  card,
  new InMemoryTaskStore(),
  executor,
  undefined,
  pushStore,
  new DefaultPushNotificationSender(pushStore),
);
const app = express();
const userBuilder = UserBuilder.noAuthentication;
app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
app.use('/a2a/jsonrpc', jsonRpcHandler({ requestHandler: handler, userBuilder }));
app.use('/a2a/rest', restHandler({ requestHandler: handler, userBuilder }));
app.listen(port, hostname, () => console.log(`@a2a-js/sdk 0.3.14 reference agent listening on ${base}`));
