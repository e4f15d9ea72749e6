/**
 * The grpc-js definition of `lf.a2a.v1.A2AService`, from the loaded proto. Requests reach the implementation as
 * raw bytes (it decodes them, so a malformed message is answered INVALID_ARGUMENT with a reason, not as a
 * transport failure); responses are ProtoJSON objects, encoded here.
 */
import type { ServiceDefinition } from '@grpc/grpc-js';
import type { Type } from 'protobufjs';
import { A2A_SERVICE_NAME, a2aProto } from './a2a-proto.ts';
import { decodeJson, encodeJson } from './proto-json.ts';

/** One RPC of the service: its name and message types, and whether it streams its answer. */
export interface A2ARpc {
  readonly name: string;
  readonly requestType: Type;
  readonly responseType: Type;
  readonly streaming: boolean;
}

/** The service's RPCs, in the order of the proto. */
export function a2aRpcs(): A2ARpc[] {
  return a2aProto().service.methodsArray.map((method) => {
    if (!method.resolvedRequestType || !method.resolvedResponseType) {
      throw new Error(`The A2A proto did not resolve the types of ${method.name}`);
    }
    return {
      name: method.name,
      requestType: method.resolvedRequestType,
      responseType: method.resolvedResponseType,
      streaming: method.responseStream === true,
    };
  });
}

const passBytes = (bytes: Buffer) => bytes;

/** The server-side definition: requests stay bytes, responses are encoded from ProtoJSON. */
export function a2aServerDefinition(): ServiceDefinition {
  return Object.fromEntries(
    a2aRpcs().map((rpc) => {
      const responseType = rpc.responseType;
      return [
        rpc.name,
        {
          path: `/${A2A_SERVICE_NAME}/${rpc.name}`,
          requestStream: false,
          responseStream: rpc.streaming,
          requestSerialize: (bytes: Buffer) => bytes,
          requestDeserialize: passBytes,
          // The service encodes its answers itself (so it can log one that fails); ProtoJSON is encoded here.
          responseSerialize: (answer: unknown) =>
            answer instanceof Uint8Array
              ? Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength)
              : Buffer.from(encodeJson(responseType, answer)),
          responseDeserialize: (bytes: Buffer) => decodeJson(responseType, bytes),
          originalName: rpc.name,
        },
      ];
    }),
  ) as ServiceDefinition;
}
