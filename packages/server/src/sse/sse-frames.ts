/** An events iterator that may hand over, synchronously, the events already waiting (an EventQueue does). */
export type SseSource<Event> = AsyncIterator<Event> & { takeReady?(): Event[] };

/** The `data:` frames of `first` and of every event already waiting behind it, as one string. */
export function framesOf<Event>(
  first: Event,
  source: SseSource<Event>,
  serialize: (event: Event) => string,
): string {
  let text = `data: ${serialize(first)}\n\n`;
  const ready = source.takeReady?.();
  if (ready) for (const event of ready) text += `data: ${serialize(event)}\n\n`;
  return text;
}

/** Calls `return()` on an iterator that will not be read again, now, even while a `next()` is pending. */
export function releaseSource(iterator: AsyncIterator<unknown>): void {
  try {
    Promise.resolve(iterator.return?.()).catch(() => {});
  } catch {
    // A synchronous throw from return(): nobody is left to tell.
  }
}
