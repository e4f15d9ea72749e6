import { setTimeout as delay } from 'node:timers/promises';

/** Waits `ms`, or less when the signal aborts first; never rejects (the caller reads the signal next). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return delay(ms, undefined, { signal }).catch(() => undefined);
}
