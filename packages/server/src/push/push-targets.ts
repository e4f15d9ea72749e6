import type { ProtocolVersion, TaskPushNotificationConfig } from '@baton/protocol';

/** A saved push config with the protocol version it was registered through (it decides the payload). */
export interface StoredPushConfig {
  readonly config: TaskPushNotificationConfig & { readonly id: string; readonly taskId: string };
  readonly version: ProtocolVersion;
  /** The agent's URL as the registering call reached it: the `iss` of the deliveries' signed tokens. */
  readonly agentUrl?: string | undefined;
}

/** What the dispatcher needs from a config store: the configs of a task, and a way to drop them. */
export interface PushTargets {
  /** The task's configs, once any registration already under way for it has finished. */
  configsFor(taskId: string): Promise<readonly StoredPushConfig[]>;
  /** Removes every config of the task (when the task is evicted, or done). */
  deleteForTask(taskId: string): Promise<void>;
}
