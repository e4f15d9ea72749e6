/**
 * The official `@a2a-js/sdk` gRPC server as its docs set it up (`grpcService` over `DefaultRequestHandler` with
 * `InMemoryTaskStore`), with an executor that emits the task, `chunks:N` data chunks and completed.
 */
import { AgentCard, Artifact, TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryTaskStore,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { A2AService, grpcService, UserBuilder } from '@a2a-js/sdk/server/grpc';
import { Server, ServerCredentials } from '@grpc/grpc-js';

class ChunksExecutor implements AgentExecutor {
  execute = async (ctx: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const ids = { taskId: ctx.taskId, contextId: ctx.contextId };
    const first = ctx.userMessage.parts[0]?.content;
    const text = first?.$case === 'text' ? first.value : '';
    const chunks = Number(/^chunks:(\d+)$/.exec(text)?.[1] ?? 1);
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
    for (let index = 0; index < chunks; index++) {
      const artifact = Artifact.fromJSON({ artifactId: 'rows', name: 'rows', parts: [{ data: { index } }] });
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

export interface SdkGrpcServer {
  /** The card, as ProtoJSON, with the GRPC interface. */
  readonly card: Record<string, unknown>;
  close(): Promise<void>;
}

export async function startSdkGrpcServer(): Promise<SdkGrpcServer> {
  const server = new Server();
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  const cardJson = {
    name: 'SDK gRPC agent',
    description: 'The official SDK over gRPC',
    version: '1.0.0',
    supportedInterfaces: [{ url: `127.0.0.1:${port}`, protocolBinding: 'GRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['application/json'],
    skills: [],
  };
  const handler = new DefaultRequestHandler(
    AgentCard.fromJSON(cardJson),
    new InMemoryTaskStore(),
    new ChunksExecutor(),
  );
  server.addService(
    A2AService,
    grpcService({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }),
  );
  return {
    card: cardJson,
    close: () =>
      new Promise<void>((resolve) => {
        // Clients keep their channels open; give their calls a moment, then close the connections.
        const force = setTimeout(() => server.forceShutdown(), 200);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}
