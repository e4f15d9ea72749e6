/** Push notifications: config store, SSRF policy, dispatcher and hub decorator. Runtime-neutral. */
export {
  createInMemoryPushConfigStore,
  createPushConfigStore,
  type InMemoryPushConfigStore,
  type InMemoryPushConfigStoreOptions,
  type PushConfigStoreOptions,
  type PushConfigStoreWithTargets,
} from './create-push-config-store.ts';
export { createInMemoryPushConfigRecords } from './in-memory-push-config-records.ts';
export type { PushConfigRecord, PushConfigRecords } from './push-config-records.ts';
export {
  type DeliveryOutcome,
  type DeliveryPlan,
  deliver,
  type PushBackoff,
  type PushFetch,
  timerSleep,
} from './push-delivery.ts';
export {
  createPushDispatcher,
  type PushDispatcher,
  type PushDispatcherOptions,
} from './push-dispatcher.ts';
export { buildPushRequest, isNotifiable, isTerminalEvent, type PushRequest } from './push-payload.ts';
export type { PushTargets, StoredPushConfig } from './push-targets.ts';
export {
  createWebhookUrlPolicy,
  type ResolveHost,
  type WebhookUrlPolicy,
  type WebhookUrlPolicyOptions,
} from './webhook-url-policy.ts';
export { withPushNotifications } from './with-push-notifications.ts';
