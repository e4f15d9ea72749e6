import { SSE_MEDIA_TYPE } from '@baton/protocol';

/** The default interval between heartbeat comments: below the 30–60 s idle timeouts of common proxies. */
export const DEFAULT_HEARTBEAT_MS = 15_000;

/** The headers of every SSE response: no caching, and no buffering by nginx-style proxies. */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': SSE_MEDIA_TYPE,
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
};

/** Timers overflow past 2^31-1 ms and then fire every millisecond; heartbeats beyond it count as off. */
export const MAX_TIMER_MS = 2_147_483_647;
