/** Push notifications: config store, SSRF policy, dispatcher and hub decorator. Runtime-neutral. */
export {
  createInMemoryPushConfigStore,
  createPushConfigStore,
  type InMemoryPushConfigStore,
  type InMemoryPushConfigStoreOptions,
  type PushConfigStoreOptions,
  type PushConfigStoreWithTargets,
} from './create-push-config-store.ts';
export { createDefaultPushNetwork, type DefaultPushNetworkOptions } from './default-push-network.ts';
export { ForbiddenWebhookAddressError } from './forbidden-webhook-address-error.ts';
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
export type { AddressGuard, PushNetwork, PushNetworkOptions } from './push-network.ts';
export {
  type PushHost,
  type PushNotifications,
  type PushOptions,
  type PushWiring,
  pushNotifications,
} from './push-notifications.ts';
export { deliveryId, type OutboxDelivery, type PushOutbox } from './push-outbox.ts';
export {
  buildPushRequest,
  isNotifiable,
  isTerminalEvent,
  type PushRequest,
  pushJwtHeader,
} from './push-payload.ts';
export {
  createPushSigner,
  type PushSigner,
  type PushSignerOptions,
  type PushSigningAlgorithm,
  type PushSigningKey,
  type PushTokenClaims,
} from './push-signer.ts';
export type { PushTargets, StoredPushConfig } from './push-targets.ts';
export type { PushTelemetry } from './push-telemetry.ts';
export {
  createWebhookUrlPolicy,
  type ResolveHost,
  type WebhookUrlCheckOptions,
  type WebhookUrlPolicy,
  type WebhookUrlPolicyOptions,
} from './webhook-url-policy.ts';
export { withPushNotifications } from './with-push-notifications.ts';
