/** Remembers token ids until their tokens expire, up to a bound. */
export interface ReplayCache {
  /** `true` the first time `jti` is seen (and remembers it until `expiresAt`, in seconds); `false` after. */
  firstSighting(jti: string, expiresAt: number): boolean;
  /** Forgets `jti`, so a delivery whose handling failed can be taken again. */
  forget(jti: string): void;
}

/**
 * A bounded replay cache: ids are kept until their token expires (a token past `exp` is refused anyway);
 * past `maxEntries` the oldest go first.
 */
export function createReplayCache(maxEntries = 10_000, now: () => number = Date.now): ReplayCache {
  const seen = new Map<string, number>();
  const prune = () => {
    const seconds = now() / 1000;
    for (const [jti, expiresAt] of seen) {
      if (expiresAt > seconds && seen.size < maxEntries) break;
      seen.delete(jti);
    }
  };
  return {
    firstSighting(jti, expiresAt) {
      if (seen.has(jti)) return false;
      prune();
      seen.set(jti, expiresAt);
      return true;
    },
    forget(jti) {
      seen.delete(jti);
    },
  };
}
