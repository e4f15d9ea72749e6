/**
 * The official `@a2a-js/sdk` server as its docs set it up: Express, its JSON-RPC and card handlers,
 * `DefaultRequestHandler` with a task store (`InMemoryTaskStore`, or its `DatabaseTaskStore` in `sdk-store-target`), and the same executor as Baton's targets (task, N data
 * chunks, completed; `hold` keeps the task working). Shared by `sdk-target` and `sdk-growth-target`.
 */
import { createServer, type RequestListener } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { AGENT_CARD_PATH, AgentCard, Artifact, TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  type RequestContext,
  type TaskStore,
} from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import { chunkData, chunksRequested, HOLD_TEXT, JSON_RPC_PATH } from '../workload.ts';

/** The slice of express used here: the workspace has express 5 but no `@types/express`. */
interface ExpressApp extends RequestListener {
  use(path: string, handler: unknown): unknown;
}
const express = createRequire(import.meta.url)('express') as () => ExpressApp;

export class BenchExecutor implements AgentExecutor {
  execute = async (ctx: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const ids = { taskId: ctx.taskId, contextId: ctx.contextId };
    const first = ctx.userMessage.parts[0]?.content;
    const text = first?.$case === 'text' ? first.value : undefined;
    const chunks = chunksRequested(text);
    const status = (state: TaskState) => ({ state, timestamp: new Date().toISOString(), message: undefined });
    bus.publish(
      AgentEvent.task({
        id: ids.taskId,
        contextId: ids.contextId,
        status: status(TaskState.TASK_STATE_SUBMITTED),
        artifacts: [],
        history: [ctx.userMessage],
        metadata: undefined,
      }),
    );
    if (text === HOLD_TEXT) {
      // Working until the server stops: the bus is never finished.
      bus.publish(
        AgentEvent.statusUpdate({
          ...ids,
          status: status(TaskState.TASK_STATE_WORKING),
          metadata: undefined,
        }),
      );
      return;
    }
    for (let index = 0; index < chunks; index++) {
      const artifact = Artifact.fromJSON({
        artifactId: 'rows',
        name: 'rows',
        parts: [{ data: chunkData(index) }],
      });
      bus.publish(
        AgentEvent.artifactUpdate({
          ...ids,
          artifact,
          append: index > 0,
          lastChunk: index === chunks - 1,
          metadata: undefined,
        }),
      );
    }
    bus.publish(
      AgentEvent.statusUpdate({
        ...ids,
        status: status(TaskState.TASK_STATE_COMPLETED),
        metadata: undefined,
      }),
    );
    bus.finished();
  };

  cancelTask = async (): Promise<void> => {};
}

/** Serves the SDK on 127.0.0.1 with `store`; resolves to its base URL. */
export async function startSdkServer(store: TaskStore, port: number): Promise<string> {
  const app = express();
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const card = AgentCard.fromJSON({
    name: 'Bench agent',
    description: 'Emits N data chunks, then completes',
    version: '1.0.0',
    supportedInterfaces: [
      { url: `${base}${JSON_RPC_PATH}`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
    ],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['application/json'],
    skills: [],
  });
  const handler = new DefaultRequestHandler(card, store, new BenchExecutor());
  const userBuilder = UserBuilder.noAuthentication;
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler }));
  app.use(JSON_RPC_PATH, jsonRpcHandler({ requestHandler: handler, userBuilder }));
  return base;
}
