import { createHash } from 'node:crypto';
import type { IdempotencyContext } from './idempotency-middleware.ts';

/**
 * The id of the run a `POST /runs` with an `Idempotency-Key` makes: the same for the same caller and key, so the
 * runs' store itself refuses a second run, even when the key's first answer was never kept (its instance died
 * between keeping the run and keeping the answer). 22 characters, as generated ids are.
 */
export function derivedRunId(idempotency: IdempotencyContext): string {
  return createHash('sha256')
    .update(`run\u0000${idempotency.scope}\u0000${idempotency.key}`)
    .digest('base64url')
    .slice(0, 22);
}
