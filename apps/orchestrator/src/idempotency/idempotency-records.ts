/** A write request under an `Idempotency-Key`: who sent it, the key, and what it asked (method, path, body). */
export interface IdempotentRequest {
  /** The caller the key belongs to (`''` without credentials): another caller's same key is another request. */
  readonly scope: string;
  readonly key: string;
  /** A digest of the method, the path and the body: the same key with another request is refused. */
  readonly fingerprint: string;
}

/** The first answer to a request, kept to be answered again. */
export interface KeptResponse {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** What the records know of a key when a request comes with it. */
export type KeyClaim =
  /** Nobody used it (or whoever did died before answering): this request goes ahead. */
  | { readonly kind: 'claimed' }
  /** A request with it is under way. */
  | { readonly kind: 'in-progress' }
  /** It was used for another request. */
  | { readonly kind: 'mismatch' }
  /** It was answered: the same answer again. */
  | { readonly kind: 'completed'; readonly response: KeptResponse };

/**
 * The `Idempotency-Key`s of the orchestrator's writes, in the runs' store so that any instance answers a retry
 * (the same key again after an answer was lost) with the first answer.
 */
export interface IdempotencyRecords {
  /**
   * Takes the key for this request for `lockMs`, or says who has it. A claim whose holder did not answer within
   * its `lockMs` (it died) is taken over by the same request.
   */
  claim(request: IdempotentRequest, lockMs: number): Promise<KeyClaim>;
  /** Holds the claim `lockMs` longer, while its request is still under way (unless it was answered). */
  extend(scope: string, key: string, lockMs: number): Promise<void>;
  /** Keeps the answer of the request that claimed the key. */
  complete(scope: string, key: string, response: KeptResponse): Promise<void>;
  /** Frees the key of a request that failed in a way worth trying again (the store or an instance was away). */
  release(scope: string, key: string): Promise<void>;
  /** Deletes up to `limit` keys used before `before` (epoch ms); resolves with how many (retention). */
  pruneFinished(before: number, limit: number): Promise<number>;
}

interface Entry {
  readonly fingerprint: string;
  readonly createdAt: number;
  lockedUntil: number;
  response?: KeptResponse;
}

/** {@link IdempotencyRecords} in process memory, the newest `limit` keys (default 10,000). */
export function createInMemoryIdempotencyRecords(
  options: { readonly limit?: number; readonly now?: () => number } = {},
): IdempotencyRecords {
  const limit = options.limit ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const idOf = (scope: string, key: string) => `${scope}\u0000${key}`;
  return {
    async claim(request, lockMs) {
      const id = idOf(request.scope, request.key);
      const time = now();
      const entry = entries.get(id);
      if (entry === undefined) {
        entries.set(id, { fingerprint: request.fingerprint, createdAt: time, lockedUntil: time + lockMs });
        // Insertion order is age order: the oldest goes first.
        if (entries.size > limit) entries.delete(entries.keys().next().value as string);
        return { kind: 'claimed' };
      }
      if (entry.fingerprint !== request.fingerprint) return { kind: 'mismatch' };
      if (entry.response) return { kind: 'completed', response: entry.response };
      if (entry.lockedUntil > time) return { kind: 'in-progress' };
      entry.lockedUntil = time + lockMs;
      return { kind: 'claimed' };
    },
    async extend(scope, key, lockMs) {
      const entry = entries.get(idOf(scope, key));
      if (entry && entry.response === undefined) entry.lockedUntil = now() + lockMs;
    },
    async complete(scope, key, response) {
      const entry = entries.get(idOf(scope, key));
      if (entry) entry.response = response;
    },
    async release(scope, key) {
      const id = idOf(scope, key);
      if (entries.get(id)?.response === undefined) entries.delete(id);
    },
    async pruneFinished(before, max) {
      let pruned = 0;
      for (const [id, entry] of entries) {
        if (pruned >= max || entry.createdAt >= before) break;
        entries.delete(id);
        pruned += 1;
      }
      return pruned;
    },
  };
}

/** An existing key's row in a SQL store. */
export interface KeyRow {
  readonly fingerprint: string;
  readonly status: number | null;
  readonly content_type: string | null;
  readonly body: string | null;
}

/** What an existing key's row says to a request with `fingerprint`. */
export function claimOf(row: KeyRow, fingerprint: string): KeyClaim {
  if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (row.status === null) return { kind: 'in-progress' };
  return {
    kind: 'completed',
    response: {
      status: row.status,
      contentType: row.content_type ?? 'application/json',
      body: row.body ?? '',
    },
  };
}
