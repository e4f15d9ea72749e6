/**
 * The A2A 1.0 gRPC service as protobufjs reflection, built once from `A2A_DESCRIPTOR`: `proto/` (written from the
 * spec; see proto/a2a.proto) as protobufjs JSON, written by `pnpm --filter @baton/grpc descriptor` and checked
 * against the .proto files by a test. Nothing is read from disk or parsed at start, so the package bundles like any
 * other; no code is generated: the bytes are encoded and decoded from the definitions.
 */
import { MAX_JSON_DEPTH } from '@baton/protocol';
import protobuf from 'protobufjs';
import { A2A_DESCRIPTOR } from './a2a-descriptor.ts';

/** The service's full name, as gRPC paths carry it. */
export const A2A_SERVICE_NAME = 'lf.a2a.v1.A2AService';

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
  const root = protobuf.Root.fromJSON(A2A_DESCRIPTOR as protobuf.INamespace);
  addDraftFields(root);
  root.resolveAll();
  const service = root.lookupService(A2A_SERVICE_NAME);
  loaded = {
    root,
    service,
    type: (name) => root.lookupType(name.includes('.') ? name : `lf.a2a.v1.${name}`),
  };
  return loaded;
}

/**
 * The A2A 1.1 draft's task-generation fields (a2aproject/A2A PR 1810, on `dev-1.1`), with the draft's numbers, added
 * to the 1.0.1 messages: a 1.0 peer skips them as unknown fields. The gRPC server always sends the generation of a
 * stream event (a dropped stream resumes with it as `last-event-id` metadata); the rest follows the extension.
 */
function addDraftFields(root: protobuf.Root): void {
  const add = (type: string, name: string, id: number, optional = false) => {
    const message = root.lookupType(`lf.a2a.v1.${type}`);
    // As the descriptor spells a proto3 `optional` field: the option, and a synthetic one-field oneof for presence.
    message.add(
      new protobuf.Field(
        name,
        id,
        'int64',
        undefined,
        undefined,
        optional ? { proto3_optional: true } : undefined,
      ),
    );
    if (optional) message.add(new protobuf.OneOf(`_${name}`, [name]));
  };
  add('Task', 'generation', 7);
  add('TaskStatusUpdateEvent', 'generation', 5);
  add('TaskArtifactUpdateEvent', 'generation', 7);
  add('GetTaskRequest', 'currentGeneration', 4, true);
  add('SendMessageConfiguration', 'ifGenerationMatch', 5, true);
}
