import { describe, expect, it } from 'vitest';
import { isA2AClientError } from '../errors/client-error.ts';
import { readSseEvents } from './read-sse-events.ts';

const streamOf = (chunks: readonly string[], onCancel?: () => void) => {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
    cancel: () => onCancel?.(),
  });
};

describe('readSseEvents', () => {
  it('parses events split across chunks, skipping comments', async () => {
    const events = [];
    for await (const event of readSseEvents(
      streamOf(['data: {"a"', ':1}\n\n: ping\n\nevent: error\nda', 'ta: x\n\n']),
    )) {
      events.push(event);
    }
    expect(events.map(({ event, data }) => [event, data])).toEqual([
      [undefined, '{"a":1}'],
      ['error', 'x'],
    ]);
  });

  it('cancels the body when the caller stops early', async () => {
    let canceled = false;
    for await (const _ of readSseEvents(
      streamOf(['data: 1\n\n', 'data: 2\n\n', 'data: 3\n\n'], () => (canceled = true)),
    )) {
      break;
    }
    expect(canceled).toBe(true);
  });

  it('fails with PROTOCOL on an event over the cap', async () => {
    const drain = async () => {
      for await (const _ of readSseEvents(streamOf([`data: ${'x'.repeat(100)}`, 'x'.repeat(100)]), {
        maxEventBytes: 64,
      })) {
        // read on
      }
    };
    await expect(drain()).rejects.toSatisfy((error) => isA2AClientError(error, 'PROTOCOL'));
  });
});
