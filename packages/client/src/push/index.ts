/** Receiving push notifications: verify an agent's signed deliveries, and a webhook route built on it. */
export { createPushWebhook, type PushWebhook, type PushWebhookOptions } from './create-push-webhook.ts';
export { type PushRefusal, PushVerificationError } from './push-verification-error.ts';
export { createReplayCache, type ReplayCache } from './replay-cache.ts';
export {
  createPushVerifier,
  type PushVerifier,
  type PushVerifierOptions,
  type VerifiedPushNotification,
} from './verify-push-notification.ts';
