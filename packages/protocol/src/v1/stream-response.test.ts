import { describe, expect, expectTypeOf, it } from 'vitest';
import type { TaskArtifactUpdateEvent, TaskStatusUpdateEvent } from './stream-events.ts';
import { type StreamResponse, StreamResponseSchema } from './stream-response.ts';

function issuesOf(input: unknown) {
  return StreamResponseSchema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

describe('StreamResponseSchema', () => {
  it('reads a snake_case artifact update with its flags', () => {
    expect(
      StreamResponseSchema.parse({
        artifact_update: {
          task_id: 't1',
          context_id: 'c1',
          artifact: { artifact_id: 'a1', parts: [{ text: 'more' }] },
          append: true,
          last_chunk: false,
        },
      }),
    ).toEqual({
      artifactUpdate: {
        taskId: 't1',
        contextId: 'c1',
        artifact: { artifactId: 'a1', parts: [{ text: 'more' }] },
        append: true,
        lastChunk: false,
      },
    });
  });

  it('reads a direct message', () => {
    const message = { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'hi' }] };
    expect(StreamResponseSchema.parse({ message })).toEqual({ message });
  });

  it('rejects an event carrying both a task and a status update', () => {
    expect(
      issuesOf({
        task: { id: 't', status: { state: 2 } },
        statusUpdate: { taskId: 't', contextId: 'c', status: { state: 3 } },
      }),
    ).toEqual([
      {
        path: [],
        message:
          'expected exactly one of task, message, statusUpdate, artifactUpdate, got task and statusUpdate',
      },
    ]);
  });

  it('rejects the 0.3 kind-tagged event shape', () => {
    expect(
      issuesOf({ kind: 'status-update', taskId: 't', contextId: 'c', status: { state: 'completed' } }),
    ).toEqual([
      { path: [], message: 'expected exactly one of task, message, statusUpdate, artifactUpdate, got none' },
    ]);
  });

  it('names the nested field that is wrong', () => {
    expect(
      issuesOf({ artifactUpdate: { taskId: 't', contextId: 'c', artifact: { artifactId: 'a', parts: [] } } }),
    ).toEqual([{ path: ['artifactUpdate', 'artifact', 'parts'], message: 'must contain at least one part' }]);
  });

  it('narrows by key presence', () => {
    const event: StreamResponse = StreamResponseSchema.parse({
      statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' } },
    });
    if ('statusUpdate' in event) {
      expectTypeOf(event.statusUpdate).toEqualTypeOf<TaskStatusUpdateEvent>();
      expect(event.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
    } else if ('artifactUpdate' in event) {
      expectTypeOf(event.artifactUpdate).toEqualTypeOf<TaskArtifactUpdateEvent>();
      expect.unreachable('a status update narrowed to an artifact update');
    } else {
      expect.unreachable('a status update narrowed to a task or message');
    }
  });
});
