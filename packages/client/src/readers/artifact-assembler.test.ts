import {
  type StreamResponse,
  StreamResponseSchema,
  type TaskArtifactUpdateEvent,
  TaskArtifactUpdateEventSchema,
} from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createArtifactAssembler } from './artifact-assembler.ts';

function chunk(
  artifactId: string,
  text: string,
  flags: { append?: boolean; lastChunk?: boolean; name?: string } = {},
): TaskArtifactUpdateEvent {
  const { name, ...rest } = flags;
  return TaskArtifactUpdateEventSchema.parse({
    taskId: 't1',
    contextId: 'c1',
    artifact: { artifactId, ...(name === undefined ? {} : { name }), parts: [{ text }] },
    ...rest,
  });
}

describe('createArtifactAssembler', () => {
  it('appends chunks with append: true and joins their text', () => {
    const assembler = createArtifactAssembler();
    assembler.feed(chunk('a1', 'Day 1: ', { name: 'plan' }));
    assembler.feed(chunk('a1', 'Alfama. ', { append: true }));
    assembler.feed(chunk('a1', 'Day 2: Belém.', { append: true, lastChunk: true }));
    expect(assembler.text('a1')).toBe('Day 1: Alfama. Day 2: Belém.');
    expect(assembler.get('a1')).toStrictEqual({
      artifactId: 'a1',
      name: 'plan',
      parts: [{ text: 'Day 1: ' }, { text: 'Alfama. ' }, { text: 'Day 2: Belém.' }],
    });
    expect(assembler.isComplete('a1')).toBe(true);
  });

  it('replaces the artifact when append is false or absent', () => {
    const assembler = createArtifactAssembler();
    assembler.feed(chunk('a1', 'draft', { name: 'plan' }));
    assembler.feed(chunk('a1', ' more', { append: true }));
    assembler.feed(chunk('a1', 'final', { append: false }));
    expect(assembler.get('a1')).toStrictEqual({ artifactId: 'a1', parts: [{ text: 'final' }] });
    expect(assembler.text('a1')).toBe('final');
    assembler.feed(chunk('a1', 'again'));
    expect(assembler.text('a1')).toBe('again');
  });

  it('is complete only once a lastChunk arrives', () => {
    const assembler = createArtifactAssembler();
    assembler.feed(chunk('a1', 'one'));
    expect(assembler.isComplete('a1')).toBe(false);
    assembler.feed(chunk('a1', 'two', { append: true, lastChunk: true }));
    expect(assembler.isComplete('a1')).toBe(true);
    expect(assembler.isComplete('unknown')).toBe(false);
  });

  it('keeps artifacts in first-seen order, interleaved streams included', () => {
    const assembler = createArtifactAssembler();
    assembler.feed(chunk('b', 'B1'));
    assembler.feed(chunk('a', 'A1'));
    assembler.feed(chunk('b', 'B2', { append: true }));
    assembler.feed(chunk('a', 'A2', { append: true }));
    expect(assembler.artifacts().map((artifact) => artifact.artifactId)).toEqual(['b', 'a']);
    expect([assembler.text('b'), assembler.text('a')]).toEqual(['B1B2', 'A1A2']);
  });

  it('reads StreamResponses, ignores status and message events, and seeds from a task snapshot', () => {
    const assembler = createArtifactAssembler();
    const events: StreamResponse[] = [
      {
        task: {
          id: 't1',
          contextId: 'c1',
          status: { state: 'TASK_STATE_WORKING' },
          artifacts: [{ artifactId: 'a1', parts: [{ text: 'resumed ' }] }],
        },
      },
      { statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' } } },
      { message: { messageId: 'm1', role: 'ROLE_AGENT', parts: [{ text: 'ignored' }] } },
      { artifactUpdate: chunk('a1', 'stream', { append: true, lastChunk: true }) },
    ].map((event) => StreamResponseSchema.parse(event));
    for (const event of events) assembler.feed(event);
    expect(assembler.text('a1')).toBe('resumed stream');
    expect(assembler.artifacts()).toHaveLength(1);
    expect(assembler.isComplete('a1')).toBe(true);
  });

  it('treats the artifacts of a terminal task as complete', () => {
    const assembler = createArtifactAssembler();
    assembler.feed({
      task: {
        id: 't1',
        status: { state: 'TASK_STATE_COMPLETED' },
        artifacts: [{ artifactId: 'a1', parts: [{ data: { ok: true } }] }],
      },
    });
    expect(assembler.isComplete('a1')).toBe(true);
    expect(assembler.text('a1')).toBe('');
  });

  it('hands out copies: changing a returned artifact does not change the assembler', () => {
    const assembler = createArtifactAssembler();
    assembler.feed(chunk('a1', 'kept'));
    assembler.get('a1')?.parts.push({ text: 'not kept' });
    expect(assembler.get('a1')?.parts).toStrictEqual([{ text: 'kept' }]);
    expect(assembler.get('unknown')).toBeUndefined();
    expect(assembler.text('unknown')).toBeUndefined();
  });

  it('spends time per chunk in proportion to the chunk, not to the artifact', () => {
    const assembler = createArtifactAssembler();
    const bigParts = Array.from({ length: 100_000 }, () => ({ text: 'x' }));
    assembler.feed({ taskId: 't1', contextId: 'c1', artifact: { artifactId: 'big', parts: bigParts } });
    assembler.feed(chunk('small', 'x'));
    const time = (artifactId: string): number => {
      const started = performance.now();
      for (let index = 0; index < 2_000; index += 1) assembler.feed(chunk(artifactId, 'y', { append: true }));
      return performance.now() - started;
    };
    time('small'); // warm-up
    const small = time('small');
    const big = time('big'); // a copy of the artifact per chunk would make this ~100x slower than `small`
    expect(assembler.text('big')).toHaveLength(102_000);
    expect(big).toBeLessThan(small * 5 + 25);
  });
});
