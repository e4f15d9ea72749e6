import type { ListTaskPushNotificationConfigsResponse, TaskPushNotificationConfig } from '@baton/protocol';
import type { CallContext } from '../vocabulary/call-context.ts';

/** A page request for push configs, as the client sent it. */
export interface PushConfigPage {
  readonly pageSize?: number | undefined;
  readonly pageToken?: string | undefined;
}

/**
 * Where push notification configs live: the hook push notifications plug into. Without one, every push
 * method answers PushNotificationNotSupported. The handler checks that the task exists and is visible to the
 * caller before calling any method, so an implementation only deals with configs.
 */
export interface PushConfigStore {
  /** Saves a config for `config.taskId`, assigning an `id` when it has none; returns it as saved. */
  create(
    config: TaskPushNotificationConfig & { readonly taskId: string },
    call: CallContext,
  ): Promise<TaskPushNotificationConfig>;
  /** One config of a task, or `undefined` when there is none with that id. */
  get(taskId: string, configId: string, call: CallContext): Promise<TaskPushNotificationConfig | undefined>;
  /** A page of a task's configs. */
  list(
    taskId: string,
    page: PushConfigPage,
    call: CallContext,
  ): Promise<ListTaskPushNotificationConfigsResponse>;
  /**
   * Checks a config sent inline with a message before the send starts (e.g. its webhook URL), so a config
   * that would be refused fails the request instead of being dropped later. Optional.
   */
  validate?(config: TaskPushNotificationConfig, call: CallContext): Promise<void>;
  /** Deletes a config; deleting one that does not exist is not an error (the operation is idempotent). */
  delete(taskId: string, configId: string, call: CallContext): Promise<void>;
}
