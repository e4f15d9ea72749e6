import type { Task } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { TaskRecord } from './task-record.ts';

function newRecord(extra: Partial<Task> = {}): TaskRecord {
  return new TaskRecord(
    {
      id: 't1',
      contextId: 'c1',
      status: { state: 'TASK_STATE_WORKING', timestamp: '2026-01-01T00:00:00.000Z' },
      ...extra,
    },
    {},
  );
}

describe('TaskRecord', () => {
  it('appends 2,000 chunks into the same artifact object and parts array, without copying', () => {
    const record = newRecord();
    record.appendArtifact(
      { artifactId: 'a', name: 'log', parts: [{ text: '0' }] },
      { append: false, lastChunk: false },
    );
    const live = record.artifact('a');
    const liveParts = live?.parts;
    const sent = [];
    for (let i = 1; i < 2000; i += 1) {
      const part = { text: String(i) };
      sent.push(part);
      record.appendArtifact({ artifactId: 'a', parts: [part] }, { append: true, lastChunk: i === 1999 });
      expect(record.artifact('a')).toBe(live);
    }
    expect(record.artifact('a')?.parts).toBe(liveParts);
    expect(liveParts).toHaveLength(2000);
    // The very part objects given, not clones.
    expect(liveParts?.[1999]).toBe(sent[1998]);
    expect(record.artifact('a')?.name).toBe('log');
  });

  it('does not mutate the artifact it was given when later chunks are appended', () => {
    const record = newRecord();
    const first = { artifactId: 'a', parts: [{ text: 'x' }] };
    record.appendArtifact(first, { append: false, lastChunk: false });
    record.appendArtifact({ artifactId: 'a', parts: [{ text: 'y' }] }, { append: true, lastChunk: true });
    expect(first.parts).toEqual([{ text: 'x' }]);
  });

  it('replaces an artifact with the same id when append is false, keeping its position', () => {
    const record = newRecord();
    record.appendArtifact({ artifactId: 'a', parts: [{ text: 'old' }] }, { append: false, lastChunk: true });
    record.appendArtifact({ artifactId: 'b', parts: [{ text: 'b' }] }, { append: false, lastChunk: true });
    record.appendArtifact({ artifactId: 'a', parts: [{ text: 'new' }] }, { append: false, lastChunk: true });
    expect(record.snapshot().artifacts).toEqual([
      { artifactId: 'a', parts: [{ text: 'new' }] },
      { artifactId: 'b', parts: [{ text: 'b' }] },
    ]);
  });

  it('finds each of many artifacts by id, before and after it starts indexing them', () => {
    const record = newRecord();
    const ids = Array.from({ length: 30 }, (_, index) => `artifact-${index}`);
    for (const artifactId of ids) {
      record.appendArtifact(
        { artifactId, parts: [{ text: `${artifactId}:0` }] },
        { append: false, lastChunk: false },
      );
      // Every artifact so far takes an appended chunk and a replacement, whichever way it is found.
      for (const earlier of ids.slice(0, ids.indexOf(artifactId) + 1)) {
        expect(record.artifact(earlier)?.parts[0]).toEqual({ text: `${earlier}:0` });
      }
    }
    record.appendArtifact(
      { artifactId: 'artifact-3', parts: [{ text: 'more' }] },
      { append: true, lastChunk: true },
    );
    record.appendArtifact(
      { artifactId: 'artifact-27', parts: [{ text: 'new' }] },
      { append: false, lastChunk: true },
    );
    const artifacts = record.snapshot().artifacts ?? [];
    expect(artifacts.map((artifact) => artifact.artifactId)).toEqual(ids);
    expect(artifacts[3]?.parts).toEqual([{ text: 'artifact-3:0' }, { text: 'more' }]);
    expect(artifacts[27]?.parts).toEqual([{ text: 'new' }]);
    expect(record.artifact('absent')).toBeUndefined();
  });

  it('merges metadata and extensions of appended chunks', () => {
    const record = newRecord();
    record.appendArtifact(
      { artifactId: 'a', parts: [{ text: '1' }], metadata: { k: 1 }, extensions: ['u:1'] },
      { append: false, lastChunk: false },
    );
    record.appendArtifact(
      { artifactId: 'a', parts: [{ text: '2' }], metadata: { j: 2 }, extensions: ['u:1', 'u:2'] },
      { append: true, lastChunk: true },
    );
    expect(record.artifact('a')).toMatchObject({ metadata: { k: 1, j: 2 }, extensions: ['u:1', 'u:2'] });
  });

  it('hands out snapshots that later writes do not change', () => {
    const record = newRecord({ history: [{ messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }] }] });
    record.appendArtifact({ artifactId: 'a', parts: [{ text: '1' }] }, { append: false, lastChunk: false });
    const before = record.snapshot();
    record.appendArtifact({ artifactId: 'a', parts: [{ text: '2' }] }, { append: true, lastChunk: true });
    record.addMessage({ messageId: 'm2', role: 'ROLE_AGENT', parts: [{ text: 'yo' }] });
    record.setStatus({ state: 'TASK_STATE_COMPLETED' });
    expect(before.artifacts?.[0]?.parts).toHaveLength(1);
    expect(before.history).toHaveLength(1);
    expect(before.status.state).toBe('TASK_STATE_WORKING');
  });

  it.each([
    [undefined, ['m1', 'm2', 'm3']],
    [0, undefined],
    [2, ['m2', 'm3']],
    [10, ['m1', 'm2', 'm3']],
  ])('applies historyLength %s', (historyLength, expected) => {
    const record = newRecord({
      history: ['m1', 'm2', 'm3'].map((messageId) => ({
        messageId,
        role: 'ROLE_USER' as const,
        parts: [{ text: messageId }],
      })),
    });
    const task = record.snapshot({ historyLength });
    expect(task.history?.map((message) => message.messageId)).toEqual(expected);
    if (expected === undefined) expect(task).not.toHaveProperty('history');
  });

  it('omits artifacts when asked, and includes an empty list when asked to include them', () => {
    const record = newRecord();
    expect(record.snapshot()).not.toHaveProperty('artifacts');
    expect(record.snapshot({ includeArtifacts: true }).artifacts).toEqual([]);
    record.appendArtifact({ artifactId: 'a', parts: [{ text: '1' }] }, { append: false, lastChunk: true });
    expect(record.snapshot({ includeArtifacts: false })).not.toHaveProperty('artifacts');
  });
});
