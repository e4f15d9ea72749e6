/**
 * A value that is there now or later. The task core passes these between its steps so that, on a store that
 * answers at once (`TaskStore.sync`), an event costs no promise and no microtask hop; with a store that does I/O
 * every step is a promise, as before.
 */
export type MaybePromise<T> = T | Promise<T>;

/** Whether the value is still to come. */
export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return value instanceof Promise;
}

/** `next(value)` now if the value is here, else once it settles. */
export function andThen<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return isPromise(value) ? value.then(next) : next(value);
}

/** Runs `work`, turning a synchronous throw into a rejected promise, so callers handle one kind of failure. */
export function attempt<T>(work: () => MaybePromise<T>): MaybePromise<T> {
  try {
    return work();
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Runs `cleanup` once `value` is settled, whichever way; a synchronous value is cleaned up at once. */
export function andFinally<T>(value: MaybePromise<T>, cleanup: () => void): MaybePromise<T> {
  if (!isPromise(value)) {
    cleanup();
    return value;
  }
  return value.then(
    (result) => {
      cleanup();
      return result;
    },
    (error: unknown) => {
      cleanup();
      throw error;
    },
  );
}
