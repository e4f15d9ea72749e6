/**
 * The official `@a2a-js/sdk` server as a live peer: A2A 1.0 with its v0.3 compat layer on JSON-RPC, HTTP+JSON and
 * the card path, an in-memory task store, push notifications on (recorded, never sent), and an executor that walks
 * through the shapes worth checking. It listens on 127.0.0.1:0 and talks to no other host.
 */
import { createServer, type RequestListener } from 'node:http';
import { createRequire } from 'node:module';
import { AGENT_CARD_PATH, AgentCard, Artifact, Message, type Task, TaskState } from '@a2a-js/sdk';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryPushNotificationStore,
  InMemoryTaskStore,
  type PushNotificationSender,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import { baseUrl, closeServer, listen } from './capture-harness.ts';

/** The slice of express the harness uses: the workspace has express 5 but no `@types/express`. */
interface ExpressApp extends RequestListener {
  use(path: string, handler: unknown): unknown;
}
const express = createRequire(import.meta.url)('express') as () => ExpressApp;

/** What the executor does, chosen by the text of the user message's first part. */
export const Scenario = {
  /** submitted → working → artifact in two chunks → completed. */
  complete: 'scenario:complete',
  /** A direct Message reply, no task. */
  message: 'scenario:message',
  /** submitted → input-required. */
  inputRequired: 'scenario:input-required',
  /** submitted → working, then waits until canceled. */
  long: 'scenario:long',
} as const;

export const ARTIFACT_ID = 'artifact-outline';
export const FILE_URL = 'https://files.example.com/report.pdf';
export const FILE_BYTES = 'aGVsbG8gYmF0b24='; // "hello baton"
export const TIMESTAMP = '2025-07-31T12:00:00.000Z';
/** Push configs name the discard port on loopback; besides, the server's push sender never sends. */
export const WEBHOOK_URL = 'http://127.0.0.1:9/webhook';

const CHUNK_1 = [{ text: '# Tea' }, { data: { sections: 3, tags: ['green', 'black'] } }];
const CHUNK_2 = [
  { raw: FILE_BYTES, filename: 'hello.txt', mediaType: 'text/plain' },
  { url: FILE_URL, filename: 'report.pdf', mediaType: 'application/pdf' },
];

interface Ids {
  readonly taskId: string;
  readonly contextId: string;
}

function taskStatus(state: TaskState, ids: Ids, text?: string) {
  const message =
    text === undefined
      ? undefined
      : Message.fromJSON({
          messageId: `status-${ids.taskId}-${state}`,
          role: 'ROLE_AGENT',
          parts: [{ text }],
          ...ids,
        });
  return { state, timestamp: TIMESTAMP, message };
}

/** An agent executor that walks through the shapes worth checking; see {@link Scenario}. */
class InteropExecutor implements AgentExecutor {
  readonly #running = new Map<string, { ids: Ids; stop: () => void }>();

  execute = async (ctx: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const ids: Ids = { taskId: ctx.taskId, contextId: ctx.contextId };
    const first = ctx.userMessage.parts[0]?.content;
    const scenario = first?.$case === 'text' ? first.value : Scenario.complete;
    const update = (state: TaskState, text?: string) =>
      bus.publish(
        AgentEvent.statusUpdate({ ...ids, status: taskStatus(state, ids, text), metadata: undefined }),
      );

    if (scenario === Scenario.message) {
      const reply = {
        messageId: `reply-${ctx.userMessage.messageId}`,
        role: 'ROLE_AGENT',
        parts: [{ text: 'Hi' }],
      };
      bus.publish(AgentEvent.message(Message.fromJSON({ ...reply, contextId: ids.contextId })));
      bus.finished();
      return;
    }
    const task: Task = {
      id: ids.taskId,
      contextId: ids.contextId,
      status: taskStatus(TaskState.TASK_STATE_SUBMITTED, ids),
      artifacts: [],
      history: [ctx.userMessage],
      metadata: { scenario },
    };
    bus.publish(AgentEvent.task(task));
    if (scenario === Scenario.inputRequired) {
      update(TaskState.TASK_STATE_INPUT_REQUIRED, 'Which tea?');
      bus.finished();
      return;
    }
    update(TaskState.TASK_STATE_WORKING, 'Working on it');
    if (scenario === Scenario.long) {
      await new Promise<void>((stop) => this.#running.set(ids.taskId, { ids, stop }));
      return;
    }
    const chunk = (append: boolean, lastChunk: boolean, parts: readonly object[]) => {
      const artifact = { artifactId: ARTIFACT_ID, name: 'Outline', parts, metadata: { chunked: true } };
      bus.publish(
        AgentEvent.artifactUpdate({
          ...ids,
          artifact: Artifact.fromJSON(artifact),
          append,
          lastChunk,
          metadata: undefined,
        }),
      );
    };
    chunk(false, false, CHUNK_1);
    chunk(true, true, CHUNK_2);
    update(TaskState.TASK_STATE_COMPLETED, 'Done');
    bus.finished();
  };

  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const running = this.#running.get(taskId);
    if (!running) return;
    this.#running.delete(taskId);
    const { ids } = running;
    bus.publish(
      AgentEvent.statusUpdate({
        ...ids,
        status: taskStatus(TaskState.TASK_STATE_CANCELED, ids),
        metadata: undefined,
      }),
    );
    bus.finished();
    running.stop();
  };
}

/** The card: JSON-RPC and HTTP+JSON at 1.0, both mirrored at 0.3, with every security scheme shape. */
function agentCard(base: string, extended: boolean): AgentCard {
  const interfaces = [
    { url: `${base}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
    { url: `${base}/a2a/rest`, protocolBinding: 'HTTP+JSON', tenant: '', protocolVersion: '1.0' },
  ];
  const card = AgentCard.fromJSON({
    name: extended ? 'Interop agent (extended)' : 'Interop agent',
    description: 'Exercises every A2A shape for Baton',
    version: '1.0.0',
    provider: { organization: 'Baton', url: 'https://baton.example' },
    capabilities: { streaming: true, pushNotifications: true, extendedAgentCard: true },
    securitySchemes: {
      bearer: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' } },
      key: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } },
      oauth: {
        oauth2SecurityScheme: {
          flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: 'Read' } } },
        },
      },
      oidc: { openIdConnectSecurityScheme: { openIdConnectUrl: 'https://auth.example/.well-known/openid' } },
      mtls: { mtlsSecurityScheme: { description: 'client certificate' } },
    },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }, { schemes: { oauth: { list: ['read'] } } }],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['text/plain', 'application/json', 'application/pdf'],
    skills: [
      {
        id: 'outline',
        name: 'Outline',
        description: 'Outlines a topic',
        tags: ['writing'],
        examples: ['Outline the history of tea'],
        ...(extended ? { inputModes: ['text/plain'], outputModes: ['application/pdf'] } : {}),
      },
    ],
  });
  return { ...card, supportedInterfaces: duplicateInterfacesForLegacy(interfaces, ['JSONRPC', 'HTTP+JSON']) };
}

/** A running SDK server: its base URL, its public card, and a close that also drops kept-alive sockets. */
export interface SdkServer {
  readonly base: string;
  readonly card: AgentCard;
  close(): Promise<void>;
}

/** Push notifications are switched on, but this sender keeps them in-process: no webhook is ever called. */
const noWebhooks: PushNotificationSender = { send: async () => {} };

/** Starts the SDK server (1.0 + legacy 0.3 on JSON-RPC, REST and the card path) on 127.0.0.1:0. */
export async function startSdkServer(): Promise<SdkServer> {
  const app = express();
  const server = await listen(createServer(app));
  const base = baseUrl(server);
  const card = agentCard(base, false);
  const handler = new DefaultRequestHandler(
    card,
    new InMemoryTaskStore(),
    new InteropExecutor(),
    undefined,
    new InMemoryPushNotificationStore(),
    noWebhooks,
    async () => agentCard(base, true), // a function, so it is served without authentication
  );
  const legacyCompat = { enabled: true };
  const userBuilder = UserBuilder.noAuthentication;
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler, legacyCompat }));
  app.use('/a2a/jsonrpc', jsonRpcHandler({ requestHandler: handler, userBuilder, legacyCompat }));
  app.use('/a2a/rest', restHandler({ requestHandler: handler, userBuilder, legacyCompat }));
  return { base, card, close: () => closeServer(server) };
}
