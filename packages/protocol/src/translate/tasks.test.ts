import { describe, expect, it } from 'vitest';
import { expectValid, recording } from '../../test/fixtures/translate/helpers.ts';
import { type Task, TaskSchema } from '../v1/task.ts';
import * as v03 from '../v03/index.ts';
import { TranslationError } from './loss.ts';
import { taskFromV03, taskStatusFromV03, taskStatusToV03, taskToV03 } from './tasks.ts';

const v03Task: v03.Task = {
  kind: 'task',
  id: 't1',
  contextId: 'c1',
  status: {
    state: 'input-required',
    message: {
      kind: 'message',
      messageId: 's1',
      role: 'agent',
      parts: [{ kind: 'text', text: 'Where to?' }],
    },
    timestamp: '2025-04-02T16:59:25.331844',
  },
  history: [
    { kind: 'message', messageId: 'm1', role: 'user', parts: [{ kind: 'text', text: 'Book a flight' }] },
  ],
  artifacts: [{ artifactId: 'a1', parts: [{ kind: 'file', file: { bytes: 'aGk=' } }] }],
  metadata: { priority: 1 },
};

const v1Task: Task = {
  id: 't1',
  contextId: 'c1',
  status: {
    state: 'TASK_STATE_INPUT_REQUIRED',
    message: { messageId: 's1', role: 'ROLE_AGENT', parts: [{ text: 'Where to?' }] },
    timestamp: '2025-04-02T16:59:25.331844',
  },
  artifacts: [{ artifactId: 'a1', parts: [{ raw: 'aGk=' }] }],
  history: [{ messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'Book a flight' }] }],
  metadata: { priority: 1 },
};

describe('tasks', () => {
  it('maps a 0.3 task field by field', () => {
    const result = taskFromV03(v03Task);
    expect(result).toStrictEqual(v1Task);
    expectValid(TaskSchema, result);
  });

  it('maps a 1.0 task field by field, adding kind', () => {
    const { losses, options } = recording();
    const result = taskToV03(v1Task, options);
    expect(result).toStrictEqual(v03Task);
    expectValid(v03.TaskSchema, result);
    expect(losses).toEqual([]);
  });

  it('maps a bare status both ways', () => {
    expect(taskStatusFromV03({ state: 'unknown' })).toStrictEqual({ state: 'TASK_STATE_UNSPECIFIED' });
    expect(
      taskStatusToV03({ state: 'TASK_STATE_CANCELED', timestamp: '2024-03-15T18:30:00Z' }),
    ).toStrictEqual({
      state: 'canceled',
      timestamp: '2024-03-15T18:30:00Z',
    });
  });

  it('writes a missing contextId as "" and reports it; "" reads back as unset', () => {
    const { losses, options } = recording();
    const bare: Task = { id: 't', status: { state: 'TASK_STATE_WORKING' } };
    const result = taskToV03(bare, options);
    expect(result).toStrictEqual({ kind: 'task', id: 't', contextId: '', status: { state: 'working' } });
    expect(losses).toEqual([
      { path: 'contextId', reason: '0.3 REQUIRES a contextId; the missing one is written as ""' },
    ]);
    expect(taskFromV03(result)).toStrictEqual(bare);
    expect(() => taskToV03(bare, { strict: true })).toThrow(TranslationError);
  });

  it('reports nested losses under history and status paths', () => {
    const { losses, options } = recording();
    taskToV03(
      {
        id: 't',
        contextId: 'c',
        status: {
          state: 'TASK_STATE_WORKING',
          message: { messageId: 's', role: 'ROLE_AGENT', parts: [{ data: 1 }] },
        },
        history: [{ messageId: 'm', role: 'ROLE_UNSPECIFIED', parts: [{ text: 'x' }] }],
      },
      options,
    );
    expect(losses.map((loss) => loss.path)).toEqual(['status.message.parts[0].data', 'history[0].role']);
  });

  it('throws on an empty 0.3 task id', () => {
    expect(() => taskFromV03({ ...v03Task, id: '' })).toThrow('A2A 1.0 cannot express id');
  });

  it('round-trips both ways', () => {
    expect(taskToV03(taskFromV03(v03Task))).toStrictEqual(v03Task);
    expect(taskFromV03(taskToV03(v1Task))).toStrictEqual(v1Task);
  });
});
