/**
 * Retention: what has been finished longer than a while is deleted in the background, a small batch at a time,
 * so a durable store does not grow without bound and no single delete holds the database for long.
 */
import type { Logger } from '@baton/server';

/** Deletes up to `limit` things finished before `before` (epoch ms); resolves with how many it deleted. */
export type Prune = (before: number, limit: number) => Promise<number>;

/** Options of {@link startRetention}. */
export interface RetentionOptions {
  /** How long a finished task (or run) is kept, in ms. */
  readonly keepMs: number;
  /** What to prune: a task store's `pruneFinished`, a run store's. */
  readonly prune: readonly Prune[];
  /** How many rows one delete takes at most; default 500. */
  readonly batchSize?: number;
  /** How often a pass runs; default a minute. */
  readonly intervalMs?: number;
  readonly logger?: Pick<Logger, 'warn'>;
  readonly now?: () => number;
}

/** A running retention: `pass()` prunes now (resolves with how many were deleted); `stop()` ends it. */
export interface Retention {
  pass(): Promise<number>;
  stop(): void;
}

/** Parses a retention like `7d`, `12h`, `30m` or `45s` into ms; throws a one-line reason otherwise. */
export function parseRetention(value: string): number {
  const match = /^\s*(\d+)\s*(d|h|m|s)\s*$/i.exec(value);
  if (!match)
    throw new Error(`BATON_RETENTION must be a number and a unit (d, h, m or s), like 7d, got "${value}"`);
  const unit = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 }[(match[2] ?? 'd').toLowerCase() as 'd'];
  const ms = Number(match[1]) * unit;
  if (ms <= 0) throw new Error(`BATON_RETENTION must be more than zero, got "${value}"`);
  return ms;
}

/**
 * Starts pruning every `intervalMs`: each pass deletes in batches of `batchSize` until a batch comes back short,
 * for every prune function in turn. A failing pass (the database is down) is logged and tried at the next.
 */
export function startRetention(options: RetentionOptions): Retention {
  const batchSize = options.batchSize ?? 500;
  const now = options.now ?? Date.now;
  let running: Promise<number> | undefined;
  let stopped = false;
  const pass = async (): Promise<number> => {
    let deleted = 0;
    const before = now() - options.keepMs;
    for (const prune of options.prune) {
      for (;;) {
        if (stopped) return deleted;
        const count = await prune(before, batchSize);
        deleted += count;
        if (count < batchSize) break;
      }
    }
    return deleted;
  };
  const once = () => {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => {
    once().catch((error: unknown) =>
      options.logger?.warn('Retention: a pass failed; trying again at the next', { error }),
    );
  }, options.intervalMs ?? 60_000);
  timer.unref?.();
  return {
    pass: once,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
