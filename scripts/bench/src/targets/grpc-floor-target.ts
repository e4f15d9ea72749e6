/**
 * Target (W11): the gRPC floor, what any A2A server on @grpc/grpc-js and the A2A proto must do and nothing more:
 * a grpc-js server with `lf.a2a.v1.A2AService`, each `SendMessage` and `SendStreamingMessage` request decoded and
 * each answer encoded by protobufjs (`decodeJson` / `encodeJson`, as Baton's binding does), and the floor's work
 * in between (`floor-work.ts`: new ids, a timestamp, the task kept among the newest 1,000). No validation, no
 * state machine, no metadata: a lower bound for a gRPC agent on these libraries, not an A2A server.
 */
import { a2aRpcs, decodeJson, encodeJson } from '@baton/grpc';
import {
  Server,
  ServerCredentials,
  type ServerUnaryCall,
  type ServerWritableStream,
  type ServiceDefinition,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { announce, portFromEnv } from './announce.ts';
import { createKeptTasks, type FloorMessage, floorEvents, floorTask } from './floor-work.ts';

interface SendRequest {
  readonly message?: FloorMessage;
}

const keep = createKeptTasks();

/** The completed task a request asks for, kept, and the events a stream of it carries. */
function work(request: SendRequest) {
  const made = floorTask(request.message ?? {});
  keep(made.task.id, made.task);
  return { task: made.task, events: floorEvents(made) };
}

const rpcs = new Map(a2aRpcs().map((rpc) => [rpc.name, rpc]));
const definition: Record<string, ServiceDefinition[string]> = {};
const implementation: Record<string, unknown> = {};
for (const name of ['SendMessage', 'SendStreamingMessage']) {
  const rpc = rpcs.get(name);
  if (!rpc) throw new Error(`The A2A proto has no ${name}`);
  definition[name] = {
    path: `/lf.a2a.v1.A2AService/${name}`,
    requestStream: false,
    responseStream: rpc.streaming,
    requestSerialize: (value: unknown) => Buffer.from(encodeJson(rpc.requestType, value)),
    requestDeserialize: (bytes: Buffer) => decodeJson(rpc.requestType, bytes),
    responseSerialize: (value: unknown) => Buffer.from(encodeJson(rpc.responseType, value)),
    responseDeserialize: (bytes: Buffer) => decodeJson(rpc.responseType, bytes),
  };
}
implementation.SendMessage = (call: ServerUnaryCall<SendRequest, unknown>, done: sendUnaryData<unknown>) =>
  done(null, { task: work(call.request).task });
implementation.SendStreamingMessage = (call: ServerWritableStream<SendRequest, unknown>) => {
  for (const event of work(call.request).events) call.write(event);
  call.end();
};

const server = new Server();
server.addService(definition as ServiceDefinition, implementation as never);
const port = await new Promise<number>((resolve, reject) =>
  server.bindAsync(`127.0.0.1:${portFromEnv()}`, ServerCredentials.createInsecure(), (error, bound) =>
    error ? reject(error) : resolve(bound),
  ),
);
announce(`http://127.0.0.1:${port}`);
