/**
 * The resource name of a 0.3 REST push config, `tasks/{taskId}/pushNotificationConfigs/{configId}`. No schemas
 * here, so translation can name configs without building the 0.3 REST schemas.
 */

/** What a 0.3 push config resource name looks like. */
export const PUSH_CONFIG_NAME = /^tasks\/([^/]+)\/pushNotificationConfigs\/([^/]*)$/;

/** Builds the resource name `tasks/{taskId}/pushNotificationConfigs/{configId}` of a 0.3 REST push config. */
export function pushConfigName(taskId: string, configId: string): string {
  return `tasks/${taskId}/pushNotificationConfigs/${configId}`;
}

/** Splits a 0.3 push config resource name into its task and config ids; `undefined` if it has another form. */
export function parsePushConfigName(name: string): { taskId: string; configId: string } | undefined {
  const match = PUSH_CONFIG_NAME.exec(name);
  return match?.[1] === undefined ? undefined : { taskId: match[1], configId: match[2] ?? '' };
}
