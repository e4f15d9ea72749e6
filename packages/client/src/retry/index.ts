/** Retry policy: exponential backoff with full jitter, Retry-After, an injectable sleep. */
export {
  backoffDelay,
  DEFAULT_ATTEMPTS,
  parseRetryAfter,
  RETRYABLE_STATUSES,
  type RetryOptions,
  sleep,
} from './retry-policy.ts';
