/**
 * The A2A 1.0 gRPC service as protobufjs reflection, loaded once from `proto/` (written from the spec; see
 * proto/a2a.proto). Nothing is generated: the bytes are encoded and decoded from the loaded definitions.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_JSON_DEPTH } from '@baton/protocol';
import protobuf from 'protobufjs';

/** The service's full name, as gRPC paths carry it. */
export const A2A_SERVICE_NAME = 'lf.a2a.v1.A2AService';

/**
 * The package's `proto/` folder: next to this module in the package, or, when this module was bundled into an
 * app, found through the installed package.
 */
function protoDir(): string {
  const beside = fileURLToPath(new URL('../proto/', import.meta.url));
  if (existsSync(join(beside, 'a2a.proto'))) return beside;
  try {
    const manifest = createRequire(import.meta.url).resolve('@baton/grpc/package.json');
    return join(dirname(manifest), 'proto');
  } catch {
    throw new Error(
      '@baton/grpc cannot find its proto/ folder: keep @baton/grpc installed next to a bundled app (mark it external)',
    );
  }
}

const protoFile = (path: string) => join(protoDir(), path);

/** The loaded definitions: the A2A service and messages, and google.rpc's Status and ErrorInfo. */
export interface A2AProto {
  readonly root: protobuf.Root;
  readonly service: protobuf.Service;
  /** A message type by its name in `lf.a2a.v1` (or a full name such as `google.rpc.Status`). */
  type(name: string): protobuf.Type;
}

/**
 * How deep protobuf messages may nest. Every binding takes JSON nested up to `MAX_JSON_DEPTH` (100) levels; in a
 * `google.protobuf.Struct` each JSON level is two message levels (Struct, Value), so protobufjs's default of
 * 100 would refuse, on gRPC alone, a task the JSON bindings accepted (and fail to send one back). What is deeper
 * than the JSON limit is still refused: by this limit while decoding, or by the JSON depth check after.
 */
export const MESSAGE_DEPTH_LIMIT = 2 * MAX_JSON_DEPTH + 16;

let loaded: A2AProto | undefined;

/** Loads (once) and returns the A2A proto. */
export function a2aProto(): A2AProto {
  if (loaded) return loaded;
  // protobufjs keeps these limits per process; raised, never lowered, so another user of protobufjs keeps its own.
  protobuf.util.recursionLimit = Math.max(protobuf.util.recursionLimit, MESSAGE_DEPTH_LIMIT);
  protobuf.Reader.recursionLimit = Math.max(protobuf.Reader.recursionLimit, MESSAGE_DEPTH_LIMIT);
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
