/**
 * Target: Baton over gRPC, `createA2AServer` with its defaults served by `startGrpcServer` from `@baton/grpc`, the
 * same executor as the JSON-RPC target. It announces its gRPC address as `http://host:port` (the runner's format).
 */
import { startGrpcServer } from '@baton/grpc';
import { createA2AServer } from '@baton/server';
import { announce, portFromEnv } from './announce.ts';
import { BENCH_CARD, benchExecutor } from './bench-executor.ts';

const server = createA2AServer({ card: BENCH_CARD, versions: ['1.0'], executor: benchExecutor, grpc: {} });
const running = await startGrpcServer(server, { port: portFromEnv() });
announce(`http://${running.url}`);
