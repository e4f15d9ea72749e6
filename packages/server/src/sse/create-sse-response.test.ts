import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSseResponse, DEFAULT_HEARTBEAT_MS } from './create-sse-response.ts';

/** A source that yields `events`, then ends, hangs or throws; it records next() and return() calls. */
function source<Event>(events: readonly Event[], ending: 'end' | 'hang' | Error = 'end') {
  const log = { nexts: 0, returns: 0 };
  let index = 0;
  let wake: ((result: IteratorResult<Event>) => void) | undefined;
  const iterator: AsyncIterator<Event> = {
    async next() {
      log.nexts++;
      const event = events[index++];
      if (event !== undefined) return { done: false, value: event };
      if (ending === 'end') return { done: true, value: undefined };
      if (ending === 'hang') return new Promise((resolve) => (wake = resolve));
      throw ending;
    },
    async return() {
      log.returns++;
      wake?.({ done: true, value: undefined });
      return { done: true, value: undefined };
    },
  };
  return { log, events: { [Symbol.asyncIterator]: () => iterator } };
}

const json = {
  serialize: (event: unknown) => JSON.stringify(event),
  onError: () => '{"error":true}',
  heartbeatMs: 0,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('createSseResponse', () => {
  it('writes each event as one data frame, in order, and closes at the end', async () => {
    const { events, log } = source([{ n: 1 }, { text: 'two\nlines' }]);
    const response = createSseResponse(events, json);
    expect(await response.text()).toBe('data: {"n":1}\n\ndata: {"text":"two\\nlines"}\n\n');
    expect(log.returns).toBe(0);
  });

  it('answers 200 text/event-stream with no-cache and no proxy buffering, plus extra headers', () => {
    const response = createSseResponse(source([]).events, {
      ...json,
      headers: { 'A2A-Extensions': 'https://ext' },
    });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      'a2a-extensions': 'https://ext',
    });
  });

  it('calls serialize exactly once per event', async () => {
    const serialize = vi.fn((event: number) => String(event));
    await createSseResponse(source([1, 2, 3]).events, { ...json, serialize }).text();
    expect(serialize.mock.calls).toEqual([[1], [2], [3]]);
  });

  it('ends with an event: error frame built by onError when the source throws after the start', async () => {
    const failure = new Error('boom');
    const onError = vi.fn(() => '{"code":-32603}');
    const response = createSseResponse(source([1], failure).events, { ...json, onError });
    expect(await response.text()).toBe('data: 1\n\nevent: error\ndata: {"code":-32603}\n\n');
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('just closes when onError itself throws', async () => {
    const onError = () => {
      throw new Error('cannot even report');
    };
    expect(await createSseResponse(source([1], new Error('boom')).events, { ...json, onError }).text()).toBe(
      'data: 1\n\n',
    );
  });

  it('releases the source and writes an error frame when serialize throws', async () => {
    const { events, log } = source([1, 2], 'hang');
    const serialize = (event: number) => {
      if (event === 2) throw new Error('not serializable');
      return String(event);
    };
    const text = await createSseResponse(events, { ...json, serialize }).text();
    expect(text).toBe('data: 1\n\nevent: error\ndata: {"error":true}\n\n');
    expect(log.returns).toBe(1);
  });

  it('pulls events only as fast as the client reads', async () => {
    const { events, log } = source([1, 2, 3, 4, 5]);
    const response = createSseResponse(events, json);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log.nexts).toBeLessThanOrEqual(2);
    await response.text();
    expect(log.nexts).toBe(6);
  });

  it('returns the source when the reader cancels, even while a next() is pending', async () => {
    const { events, log } = source([1], 'hang');
    const reader = (createSseResponse(events, json).body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    expect(log.returns).toBe(1);
  });

  it('returns the source and closes the body when the signal aborts', async () => {
    const { events, log } = source([1], 'hang');
    const controller = new AbortController();
    const response = createSseResponse(events, { ...json, signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(log.returns).toBe(1);
  });

  it('returns the source at once for an already aborted signal', async () => {
    const { events, log } = source([1]);
    const response = createSseResponse(events, { ...json, signal: AbortSignal.abort() });
    expect(await response.text()).toBe('');
    expect(log.returns).toBe(1);
  });

  it('sends a keep-alive comment every 15 s by default', async () => {
    vi.useFakeTimers();
    const { events } = source([], 'hang');
    const { heartbeatMs: _, ...defaults } = json;
    const reader = (createSseResponse(events, defaults).body as ReadableStream<Uint8Array>).getReader();
    vi.advanceTimersByTime(DEFAULT_HEARTBEAT_MS - 1);
    const pending = reader.read();
    vi.advanceTimersByTime(1);
    const chunk = await pending;
    expect(new TextDecoder().decode(chunk.value)).toBe(': keep-alive\n\n');
    await reader.cancel();
  });

  it.each([0, Number.POSITIVE_INFINITY, Number.NaN])(
    'sends no keep-alive with heartbeatMs %s',
    async (heartbeatMs) => {
      vi.useFakeTimers();
      const response = createSseResponse(source([], 'hang').events, { ...json, heartbeatMs });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const pending = reader.read();
      vi.advanceTimersByTime(10 * DEFAULT_HEARTBEAT_MS);
      expect(await Promise.race([pending, Promise.resolve('nothing yet')])).toBe('nothing yet');
      expect(vi.getTimerCount()).toBe(0);
      await reader.cancel();
    },
  );

  it('stops the heartbeat timer when the stream ends', async () => {
    vi.useFakeTimers();
    const response = createSseResponse(source([1]).events, { ...json, heartbeatMs: 10 });
    expect(vi.getTimerCount()).toBe(1);
    expect(await response.text()).toBe('data: 1\n\n');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('accepts an async generator as the source', async () => {
    async function* numbers() {
      yield 1;
      yield 2;
    }
    expect(await createSseResponse(numbers(), json).text()).toBe('data: 1\n\ndata: 2\n\n');
  });
});
