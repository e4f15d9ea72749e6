/** What an agent implements: the executor function and the context it drives a task through. */
export type {
  AgentExecutor,
  AgentMessageInput,
  ArtifactInput,
  ArtifactStream,
  ArtifactStreamInit,
  ExecutionContext,
  ExecutorResult,
  PartsInput,
  RequireScopesOptions,
} from './agent-executor.ts';
export { AgentFailure, isAgentFailure } from './agent-failure.ts';
export { type AgentMessageIds, createAgentMessage, toParts } from './agent-message.ts';
export { messageData, messageText } from './message-content.ts';
