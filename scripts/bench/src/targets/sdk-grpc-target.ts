/**
 * Target: the official `@a2a-js/sdk` gRPC server as its docs set it up (`grpcService` over `DefaultRequestHandler`
 * with `InMemoryTaskStore`), with the same executor as the SDK's JSON-RPC target.
 */
import { AgentCard } from '@a2a-js/sdk';
import { DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { A2AService, grpcService, UserBuilder } from '@a2a-js/sdk/server/grpc';
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { announce, portFromEnv } from './announce.ts';
import { BenchExecutor } from './sdk-server.ts';

const server = new Server();
const port = await new Promise<number>((resolve, reject) =>
  server.bindAsync(`127.0.0.1:${portFromEnv()}`, ServerCredentials.createInsecure(), (error, bound) =>
    error ? reject(error) : resolve(bound),
  ),
);
const card = AgentCard.fromJSON({
  name: 'Bench agent',
  description: 'Emits N data chunks, then completes',
  version: '1.0.0',
  supportedInterfaces: [{ url: `127.0.0.1:${port}`, protocolBinding: 'GRPC', protocolVersion: '1.0' }],
  capabilities: { streaming: true },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['application/json'],
  skills: [],
});
const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new BenchExecutor());
server.addService(
  A2AService,
  grpcService({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }),
);
announce(`http://127.0.0.1:${port}`);
