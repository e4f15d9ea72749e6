/** An events iterator that may hand over, synchronously, the events already waiting (an EventQueue does). */
export type SseSource<Event> = AsyncIterator<Event> & { takeReady?(): Event[] };

/**
 * The frames of `first` and of every event already waiting behind it, as one string: each an `id:` line when
 * `idOf` gives the event one (what a client sends back as `Last-Event-ID` to resume), then its `data:` line.
 */
export function framesOf<Event>(
  first: Event,
  source: SseSource<Event>,
  serialize: (event: Event) => string,
  idOf?: (event: Event) => string | undefined,
): string {
  let text = frameOf(first, serialize, idOf);
  const ready = source.takeReady?.();
  if (ready) for (const event of ready) text += frameOf(event, serialize, idOf);
  return text;
}

function frameOf<Event>(
  event: Event,
  serialize: (event: Event) => string,
  idOf: ((event: Event) => string | undefined) | undefined,
): string {
  const id = idOf?.(event);
  return id === undefined ? `data: ${serialize(event)}\n\n` : `id: ${id}\ndata: ${serialize(event)}\n\n`;
}

/** Calls `return()` on an iterator that will not be read again, now, even while a `next()` is pending. */
export function releaseSource(iterator: AsyncIterator<unknown>): void {
  try {
    Promise.resolve(iterator.return?.()).catch(() => {});
  } catch {
    // A synchronous throw from return(): nobody is left to tell.
  }
}
