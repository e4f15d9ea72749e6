/** One cached card response: its body and what HTTP caching needs to reuse or revalidate it. */
export interface CardCacheEntry {
  /** The response body as received (kept as text so callers never share objects with the cache). */
  readonly body: string;
  readonly etag?: string;
  readonly lastModified?: string;
  /** When the response was received or last revalidated (ms, from the cache's clock). */
  readonly storedAt: number;
  /** How long it may be reused without asking (`max-age` minus `Age`, in ms); 0 = always revalidate. */
  readonly freshForMs: number;
}

/** Where resolved cards are kept between calls, per card URL. */
export interface CardCache {
  /** Current time in ms; tests inject a clock. */
  now(): number;
  get(url: string): CardCacheEntry | undefined;
  set(url: string, entry: CardCacheEntry): void;
  delete(url: string): void;
  clear(): void;
}

/** Options of {@link createCardCache}. */
export interface CardCacheOptions {
  /** Clock in ms; default `Date.now`. */
  readonly now?: () => number;
  /** Most URLs kept; the least recently stored is dropped first. Default 100. */
  readonly maxEntries?: number;
}

/**
 * An in-memory card cache keyed by card URL, honouring `ETag`, `Last-Modified` and `Cache-Control` as used by
 * `resolveAgentCard`.
 *
 * @example
 * const cache = createCardCache();
 * const { card } = await resolveAgentCard('https://agent.example', { cache });
 */
export function createCardCache(options: CardCacheOptions = {}): CardCache {
  const entries = new Map<string, CardCacheEntry>();
  const maxEntries = options.maxEntries ?? 100;
  return {
    now: options.now ?? (() => Date.now()),
    get: (url) => entries.get(url),
    set: (url, entry) => {
      entries.delete(url);
      entries.set(url, entry);
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
    delete: (url) => {
      entries.delete(url);
    },
    clear: () => entries.clear(),
  };
}

/** What a response's `Cache-Control` allows. */
export interface CachePolicy {
  /** `no-store`: keep nothing. */
  readonly store: boolean;
  /** Milliseconds it may be reused without a request (0 for `no-cache` or without `max-age`). */
  readonly freshForMs: number;
}

/** Reads `Cache-Control` (and `Age`) of a card response into a {@link CachePolicy}. */
export function cachePolicyOf(headers: Headers): CachePolicy {
  const directives = (headers.get('Cache-Control') ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim());
  if (directives.includes('no-store')) return { store: false, freshForMs: 0 };
  if (directives.includes('no-cache')) return { store: true, freshForMs: 0 };
  const maxAge = directives
    .map((directive) => /^max-age\s*=\s*"?(\d+)"?$/.exec(directive)?.[1])
    .find((value) => value !== undefined);
  const age = Number(headers.get('Age') ?? '0');
  const seconds = maxAge === undefined ? 0 : Number(maxAge) - (Number.isFinite(age) ? age : 0);
  return { store: true, freshForMs: Math.max(0, seconds) * 1000 };
}

/** Whether `entry` may be reused at `now` without asking the server. */
export function isFresh(entry: CardCacheEntry, now: number): boolean {
  return now - entry.storedAt < entry.freshForMs;
}
