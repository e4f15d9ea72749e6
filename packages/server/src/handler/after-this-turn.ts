/** Cancels what {@link afterThisTurn} scheduled. */
export type CancelTurn = () => void;

type Immediate = (callback: () => void) => unknown;
const runtime = globalThis as { setImmediate?: Immediate; clearImmediate?: (handle: unknown) => void };
const immediate = runtime.setImmediate;
const clearImmediateOf = runtime.clearImmediate;

/**
 * Runs `callback` once the current turn of the event loop is over (after its microtasks): `setImmediate` where
 * the runtime has it, which costs less than a timer, else a 0 ms timeout.
 */
export function afterThisTurn(callback: () => void): CancelTurn {
  if (immediate && clearImmediateOf) {
    const handle = immediate(callback);
    return () => clearImmediateOf(handle);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
}
