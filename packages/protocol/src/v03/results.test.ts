import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { SendMessageResultSchema, StreamEventSchema } from './results.ts';
import { TaskArtifactUpdateEventSchema, TaskStatusUpdateEventSchema } from './stream-events.ts';

function issues(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

const task = { id: 't1', contextId: 'c1', status: { state: 'submitted' } };
const message = { messageId: 'm1', role: 'agent', parts: [{ text: 'done' }] };
const statusUpdate = { taskId: 't1', contextId: 'c1', status: { state: 'completed' }, final: true };
const artifactUpdate = {
  taskId: 't1',
  contextId: 'c1',
  artifact: { artifactId: 'a1', parts: [{ text: 'x' }] },
};

describe('StreamEventSchema', () => {
  it('tells the four results apart by kind', () => {
    const kinds = [
      { ...task, kind: 'task' },
      { ...message, kind: 'message' },
      { ...statusUpdate, kind: 'status-update' },
      { ...artifactUpdate, kind: 'artifact-update' },
    ].map((event) => StreamEventSchema.parse(event).kind);
    expect(kinds).toEqual(['task', 'message', 'status-update', 'artifact-update']);
  });

  it('recognises results sent without kind by their shape', () => {
    const kinds = [task, message, statusUpdate, artifactUpdate].map(
      (event) => StreamEventSchema.parse(event).kind,
    );
    expect(kinds).toEqual(['task', 'message', 'status-update', 'artifact-update']);
  });

  it('outputs a kind-less status update with kind and nested kinds filled in', () => {
    expect(StreamEventSchema.parse({ ...statusUpdate, metadata: null })).toEqual({
      kind: 'status-update',
      taskId: 't1',
      contextId: 'c1',
      status: { state: 'completed' },
      final: true,
    });
    expect(StreamEventSchema.parse(artifactUpdate)).toEqual({
      kind: 'artifact-update',
      taskId: 't1',
      contextId: 'c1',
      artifact: { artifactId: 'a1', parts: [{ kind: 'text', text: 'x' }] },
    });
  });

  it('lets kind win over shape', () => {
    expect(issues(StreamEventSchema, { ...task, kind: 'status-update' })?.map((issue) => issue.path)).toEqual(
      [['taskId'], ['final']],
    );
  });

  it('rejects an unknown kind at the kind field', () => {
    expect(issues(StreamEventSchema, { ...task, kind: 'taskStatusUpdate' })).toEqual([
      {
        path: ['kind'],
        message: 'event kind "taskStatusUpdate" is not one of task, message, status-update, artifact-update',
      },
    ]);
  });

  it('rejects a kind-less object it cannot recognise', () => {
    expect(issues(StreamEventSchema, { id: 't1', taskId: 't1', status: { state: 'working' } })).toEqual([
      {
        path: ['kind'],
        message:
          'event has no kind and its fields do not say which of task, message, status-update, artifact-update it is',
      },
    ]);
  });

  it('requires final on a status update', () => {
    const { final: _, ...withoutFinal } = statusUpdate;
    expect(
      issues(StreamEventSchema, { ...withoutFinal, kind: 'status-update' })?.map((issue) => issue.path),
    ).toEqual([['final']]);
  });
});

describe('SendMessageResultSchema', () => {
  it('accepts a task or a message', () => {
    expect(SendMessageResultSchema.parse(task).kind).toBe('task');
    expect(SendMessageResultSchema.parse(message).kind).toBe('message');
  });

  it('rejects a stream event kind that message/send cannot return', () => {
    expect(issues(SendMessageResultSchema, { ...statusUpdate, kind: 'status-update' })).toEqual([
      { path: ['kind'], message: 'result kind "status-update" is not one of task, message' },
    ]);
    expect(issues(SendMessageResultSchema, statusUpdate)?.[0]?.path).toEqual(['kind']);
  });

  it('names the field inside the chosen result', () => {
    expect(
      issues(SendMessageResultSchema, { ...message, parts: [{ file: {} }] })?.map((issue) => issue.path),
    ).toEqual([['parts', 0, 'file']]);
  });
});

describe('single event schemas', () => {
  it('fill in their own kind', () => {
    expect(TaskStatusUpdateEventSchema.parse(statusUpdate).kind).toBe('status-update');
    expect(
      TaskArtifactUpdateEventSchema.parse({ ...artifactUpdate, append: true, lastChunk: false }),
    ).toMatchObject({
      kind: 'artifact-update',
      append: true,
      lastChunk: false,
    });
  });
});
