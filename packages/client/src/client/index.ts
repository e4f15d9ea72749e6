/** The A2A client: `createA2AClient` (discovery + interface selection) and `createA2AClientFromTransport`. */
export {
  type A2AClient,
  type ClientBehaviour,
  createA2AClientFromTransport,
  type SendOptions,
  type StreamOptions,
  type SubscribeOptions,
} from './a2a-client.ts';
export { type A2AClientOptions, createA2AClient } from './create-a2a-client.ts';
export { type ResubscribeOptions, type ResumeSource, resumeStream } from './resume-stream.ts';
export { type SendInput, type SendRequestOptions, toSendRequest } from './to-send-request.ts';
