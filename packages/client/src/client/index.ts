/** The A2A client: `createA2AClient` (discovery + interface selection) and `createA2AClientFromTransport`. */
export * from './a2a-client.ts';
export * from './create-a2a-client.ts';
export * from './resume-stream.ts';
export * from './to-send-request.ts';
