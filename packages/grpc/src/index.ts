/**
 * The A2A 1.0 gRPC binding for Baton (Node): `startGrpcServer` serves an A2A server's agent over gRPC next to its
 * HTTP bindings, with the same handler, auth, limits and stores. The service and messages are
 * `proto/a2a.proto`, written from the specification, as protobufjs JSON (`A2A_DESCRIPTOR`); no code is generated.
 */
export { A2A_SERVICE_NAME, type A2AProto, a2aProto } from './a2a-proto.ts';
export { createGrpcService, metadataToHeaders } from './create-grpc-service.ts';
export { fromGrpcError } from './grpc-client-error.ts';
export { a2aErrorToServiceError, authFailureToServiceError, STATUS_DETAILS_KEY } from './grpc-status.ts';
export { createGrpcTransport, type GrpcTransportOptions, grpcTransport } from './grpc-transport.ts';
export { decodeJson, encodeJson, jsonToMessageObject, messageObjectToJson } from './proto-json.ts';
export { type A2ARpc, a2aRpcs, a2aServerDefinition } from './service-definition.ts';
export { type RunningGrpcServer, type StartGrpcOptions, startGrpcServer } from './start-grpc-server.ts';
