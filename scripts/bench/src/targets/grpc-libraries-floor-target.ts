/**
 * Target (W13 only): the ceiling's bare Hono server after loading the two libraries any Node agent that serves gRPC
 * loads, `@grpc/grpc-js` and `protobufjs`, and using neither. What starting them costs is the least a gRPC-serving
 * agent adds to the ceiling's cold start, whoever writes it.
 */
import '@grpc/grpc-js';
import 'protobufjs';
import './hono-target.ts';
