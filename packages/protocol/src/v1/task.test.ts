import { describe, expect, it } from 'vitest';
import { TaskSchema, TaskStatusSchema } from './task.ts';

function pathsOf(input: unknown) {
  return TaskSchema.safeParse(input).error?.issues.map((issue) => issue.path);
}

describe('TaskSchema', () => {
  it('reads a snake_case task with enum numbers and outputs the canonical form', () => {
    const parsed = TaskSchema.parse({
      id: 't1',
      context_id: 'c1',
      status: {
        state: 6,
        timestamp: '2025-04-02T16:59:25.331844',
        message: { message_id: 'm2', role: 2, parts: [{ text: 'Which city?' }] },
      },
      artifacts: [{ artifact_id: 'a1', parts: [{ url: 'https://x/r.pdf', media_type: 'application/pdf' }] }],
      history: [{ message_id: 'm1', role: 1, parts: [{ text: 'Book a flight' }] }],
      metadata: { priority_level: 1 },
    });
    expect(parsed).toEqual({
      id: 't1',
      contextId: 'c1',
      status: {
        state: 'TASK_STATE_INPUT_REQUIRED',
        timestamp: '2025-04-02T16:59:25.331844',
        message: { messageId: 'm2', role: 'ROLE_AGENT', parts: [{ text: 'Which city?' }] },
      },
      artifacts: [{ artifactId: 'a1', parts: [{ url: 'https://x/r.pdf', mediaType: 'application/pdf' }] }],
      history: [{ messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'Book a flight' }] }],
      metadata: { priority_level: 1 },
    });
    expect(TaskSchema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });

  it('treats null optional fields as absent', () => {
    expect(
      TaskSchema.parse({ id: 't', status: { state: 'TASK_STATE_WORKING', message: null }, history: null }),
    ).toEqual({ id: 't', status: { state: 'TASK_STATE_WORKING' } });
  });

  it('rejects a task without id or status', () => {
    expect(pathsOf({ contextId: 'c' })).toEqual([['id'], ['status']]);
  });

  it('rejects a wrong state name at status.state', () => {
    expect(pathsOf({ id: 't', status: { state: 'TASK_STATE_DONE' } })).toEqual([['status', 'state']]);
  });

  it('rejects a bad timestamp at status.timestamp', () => {
    expect(pathsOf({ id: 't', status: { state: 1, timestamp: '15/03/2024 10:00' } })).toEqual([
      ['status', 'timestamp'],
    ]);
  });

  it('names the history entry and part that is wrong', () => {
    expect(
      pathsOf({ id: 't', status: { state: 1 }, history: [{ messageId: 'm', role: 1, parts: [{}] }] }),
    ).toEqual([['history', 0, 'parts', 0]]);
  });
});

describe('TaskStatusSchema', () => {
  it('requires the state', () => {
    const result = TaskStatusSchema.safeParse({ timestamp: '2024-03-15T10:15:00Z' });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['state']]);
  });
});
