import { A2A_VERSION_HEADER } from '@baton/protocol';
import { A2AClientError } from '../errors/client-error.ts';
import type { FetchLike } from '../http/fetch-like.ts';
import { readCappedText } from '../http/read-capped-text.ts';
import type { ClientTelemetry } from '../telemetry/client-telemetry.ts';
import { type CardCache, type CardCacheEntry, cachePolicyOf, isFresh } from './card-cache.ts';

/** How {@link fetchCardBody} reaches the network and the cache. */
export interface FetchCardOptions {
  readonly fetch?: FetchLike;
  readonly signal?: AbortSignal;
  readonly headers?: RequestInit['headers'];
  readonly cache?: CardCache;
  /** Carries the caller's trace context on the card request (`clientOpenTelemetry()`). */
  readonly telemetry?: ClientTelemetry;
  /** Largest card body read; default 1 MiB (a card is a few kilobytes). */
  readonly maxCardBytes?: number;
}

/** Default cap on a card body: 1 MiB. */
export const DEFAULT_MAX_CARD_BYTES = 1024 * 1024;

/** A card body and the URL it came from. */
export interface FetchedCard {
  readonly body: string;
  readonly url: string;
}

/** A 404 from the card URL: the caller may try another well-known path. */
export class CardNotFound extends A2AClientError {}

function requestHeaders(options: FetchCardOptions, cached: CardCacheEntry | undefined): Headers {
  const headers = new Headers(options.headers);
  headers.set(A2A_VERSION_HEADER, '1.0');
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (cached?.etag !== undefined) headers.set('If-None-Match', cached.etag);
  else if (cached?.lastModified !== undefined) headers.set('If-Modified-Since', cached.lastModified);
  // The caller's trace context, when telemetry is on and an OpenTelemetry SDK is registered.
  options.telemetry?.inject(headers);
  return headers;
}

async function send(url: string, init: RequestInit, options: FetchCardOptions): Promise<Response> {
  const fetchFn: FetchLike = options.fetch ?? ((input, requestInit) => globalThis.fetch(input, requestInit));
  try {
    return await fetchFn(url, init);
  } catch (error) {
    if (options.signal?.aborted === true) {
      throw new A2AClientError('ABORTED', `Fetching the agent card at ${url} was aborted`, { cause: error });
    }
    throw new A2AClientError('NETWORK', `Could not fetch the agent card at ${url}`, { cause: error });
  }
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

function store(cache: CardCache, url: string, response: Response, body: string, now: number): void {
  const policy = cachePolicyOf(response.headers);
  if (!policy.store) {
    cache.delete(url);
    return;
  }
  const etag = response.headers.get('ETag');
  const lastModified = response.headers.get('Last-Modified');
  cache.set(url, {
    body,
    ...(etag === null ? {} : { etag }),
    ...(lastModified === null ? {} : { lastModified }),
    storedAt: now,
    freshForMs: policy.freshForMs,
  });
}

/**
 * GETs one card URL with `A2A-Version: 1.0`: reuses a fresh cached body without a request, revalidates a stale
 * one (`If-None-Match` / `If-Modified-Since`, 304 keeps it), stores what the response's caching headers allow.
 * Throws {@link CardNotFound} on 404, `PROTOCOL` on other non-2xx, `NETWORK` when the server cannot be reached.
 */
export async function fetchCardBody(url: string, options: FetchCardOptions): Promise<FetchedCard> {
  const cache = options.cache;
  const cached = cache?.get(url);
  if (cache !== undefined && cached !== undefined && isFresh(cached, cache.now())) {
    return { body: cached.body, url };
  }
  const init: RequestInit = { method: 'GET', headers: requestHeaders(options, cached) };
  if (options.signal !== undefined) init.signal = options.signal;
  const response = await send(url, init, options);
  if (response.status === 304 && cache !== undefined && cached !== undefined) {
    await discard(response);
    const policy = cachePolicyOf(response.headers);
    if (!policy.store) cache.delete(url);
    else cache.set(url, { ...cached, storedAt: cache.now(), freshForMs: policy.freshForMs });
    return { body: cached.body, url };
  }
  if (response.status === 404) {
    await discard(response);
    throw new CardNotFound('PROTOCOL', `No agent card at ${url} (HTTP 404)`);
  }
  if (!response.ok) {
    await discard(response);
    throw new A2AClientError(
      'PROTOCOL',
      `Fetching the agent card at ${url} failed with HTTP ${response.status}`,
    );
  }
  let body: string;
  try {
    body = await readCappedText(
      response,
      options.maxCardBytes ?? DEFAULT_MAX_CARD_BYTES,
      `The agent card at ${url}`,
    );
  } catch (error) {
    if (error instanceof A2AClientError) throw error;
    throw new A2AClientError('NETWORK', `Reading the agent card from ${url} failed`, { cause: error });
  }
  if (cache !== undefined) store(cache, url, response, body, cache.now());
  return { body, url };
}
