/**
 * The A2A 1.0 gRPC service as protobufjs reflection, loaded once from `proto/` (written from the spec; see
 * proto/a2a.proto). Nothing is generated: the bytes are encoded and decoded from the loaded definitions.
 */
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';

/** The service's full name, as gRPC paths carry it. */
export const A2A_SERVICE_NAME = 'lf.a2a.v1.A2AService';

const protoFile = (path: string) => fileURLToPath(new URL(`../proto/${path}`, import.meta.url));

/** The loaded definitions: the A2A service and messages, and google.rpc's Status and ErrorInfo. */
export interface A2AProto {
  readonly root: protobuf.Root;
  readonly service: protobuf.Service;
  /** A message type by its name in `lf.a2a.v1` (or a full name such as `google.rpc.Status`). */
  type(name: string): protobuf.Type;
}

let loaded: A2AProto | undefined;

/** Loads (once) and returns the A2A proto. */
export function a2aProto(): A2AProto {
  if (loaded) return loaded;
  const root = new protobuf.Root();
  root.loadSync([protoFile('a2a.proto'), protoFile('google/rpc/status.proto')], { keepCase: false });
  root.resolveAll();
  const service = root.lookupService(A2A_SERVICE_NAME);
  loaded = {
    root,
    service,
    type: (name) => root.lookupType(name.includes('.') ? name : `lf.a2a.v1.${name}`),
  };
  return loaded;
}
