/**
 * Thrown while connecting when a webhook's host name resolves to an address webhooks may not reach. Delivery
 * recognizes it (also as the `cause` of a `fetch` failure) and does not retry.
 */
export class ForbiddenWebhookAddressError extends Error {
  override readonly name = 'ForbiddenWebhookAddressError';
}

/** The {@link ForbiddenWebhookAddressError} in `error` or its chain of causes, if any. */
export function findForbiddenWebhookAddress(error: unknown): ForbiddenWebhookAddressError | undefined {
  for (let cause = error, depth = 0; cause !== undefined && depth < 5; depth += 1) {
    if (cause instanceof ForbiddenWebhookAddressError) return cause;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return undefined;
}
