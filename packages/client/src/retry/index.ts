/** Retry policy: exponential backoff with full jitter, Retry-After, an injectable sleep. */
export * from './retry-policy.ts';
