/** Gives back a slot taken from a {@link SlotPool}; calling it again does nothing. */
export type ReleaseSlot = () => void;

/** A counter of things in use (running tasks, open streams) with an upper bound. */
export interface SlotPool {
  /** Takes a slot, or returns `undefined` when all `limit` slots are in use. */
  tryAcquire(): ReleaseSlot | undefined;
  /** How many slots are in use. */
  readonly inUse: number;
  /** How many slots there are. */
  readonly limit: number;
}

/** Creates a {@link SlotPool} of `limit` slots (at least 1; `Infinity` for no bound). */
export function createSlotPool(limit: number): SlotPool {
  if (!(limit >= 1)) throw new RangeError(`A limit must be at least 1, got ${limit}`);
  let inUse = 0;
  return {
    tryAcquire() {
      if (inUse >= limit) return undefined;
      inUse += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inUse -= 1;
      };
    },
    get inUse() {
      return inUse;
    },
    limit,
  };
}
