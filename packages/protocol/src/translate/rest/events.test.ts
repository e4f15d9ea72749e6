import { describe, expect, it } from 'vitest';
import { expectValid, recording } from '../../../test/fixtures/translate/helpers.ts';
import { type StreamResponse, StreamResponseSchema } from '../../v1/stream-response.ts';
import type { Task } from '../../v1/task.ts';
import * as rest from '../../v03/rest/index.ts';
import {
  sendMessageResponseFromV03,
  sendMessageResponseToV03,
  streamResponseFromV03,
  streamResponseToV03,
  taskStatusUpdateEventFromV03,
  taskStatusUpdateEventToV03,
} from './events.ts';
import { taskFromV03, taskStateFromV03, taskStateToV03, taskToV03 } from './tasks.ts';

describe('REST task states', () => {
  it('maps CANCELLED to CANCELED and back, and every other name to itself', () => {
    expect(taskStateFromV03('TASK_STATE_CANCELLED')).toBe('TASK_STATE_CANCELED');
    expect(taskStateToV03('TASK_STATE_CANCELED')).toBe('TASK_STATE_CANCELLED');
    for (const state of rest.TASK_STATES) expect(taskStateToV03(taskStateFromV03(state))).toBe(state);
    expect(taskStateFromV03('TASK_STATE_INPUT_REQUIRED')).toBe('TASK_STATE_INPUT_REQUIRED');
  });
});

describe('REST tasks', () => {
  const restTask: rest.Task = {
    id: 't1',
    contextId: 'c1',
    status: {
      state: 'TASK_STATE_CANCELLED',
      message: { messageId: 's', role: 'ROLE_AGENT', content: [{ text: 'stopped' }] },
      timestamp: '2025-07-31T12:00:00.000Z',
    },
    artifacts: [{ artifactId: 'a', parts: [{ text: 'x' }] }],
    history: [{ messageId: 'm', role: 'ROLE_USER', content: [{ text: 'go' }] }],
    metadata: { k: 1 },
  };
  const v1Task: Task = {
    id: 't1',
    contextId: 'c1',
    status: {
      state: 'TASK_STATE_CANCELED',
      message: { messageId: 's', role: 'ROLE_AGENT', parts: [{ text: 'stopped' }] },
      timestamp: '2025-07-31T12:00:00.000Z',
    },
    artifacts: [{ artifactId: 'a', parts: [{ text: 'x' }] }],
    history: [{ messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'go' }] }],
    metadata: { k: 1 },
  };

  it('maps field by field both ways', () => {
    expect(taskFromV03(restTask)).toStrictEqual(v1Task);
    const back = taskToV03(v1Task);
    expect(back).toStrictEqual(restTask);
    expectValid(rest.TaskSchema, back);
  });

  it('writes a missing contextId as "" and reports it', () => {
    const { losses, options } = recording();
    expect(taskToV03({ id: 't', status: { state: 'TASK_STATE_WORKING' } }, options)).toStrictEqual({
      id: 't',
      contextId: '',
      status: { state: 'TASK_STATE_WORKING' },
    });
    expect(losses.map((loss) => loss.path)).toEqual(['contextId']);
  });
});

describe('REST stream events', () => {
  const cases: [string, StreamResponse, rest.StreamResponse][] = [
    [
      'statusUpdate',
      { statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_INPUT_REQUIRED' } } },
      {
        statusUpdate: {
          taskId: 't',
          contextId: 'c',
          status: { state: 'TASK_STATE_INPUT_REQUIRED' },
          final: true,
        },
      },
    ],
    [
      'artifactUpdate',
      {
        artifactUpdate: {
          taskId: 't',
          contextId: 'c',
          artifact: { artifactId: 'a', parts: [{ text: 'x' }] },
          append: true,
          lastChunk: true,
        },
      },
      {
        artifactUpdate: {
          taskId: 't',
          contextId: 'c',
          artifact: { artifactId: 'a', parts: [{ text: 'x' }] },
          append: true,
          lastChunk: true,
        },
      },
    ],
    [
      'message',
      { message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'hi' }] } },
      { message: { messageId: 'm', role: 'ROLE_AGENT', content: [{ text: 'hi' }] } },
    ],
    [
      'task',
      { task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_SUBMITTED' } } },
      { task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_SUBMITTED' } } },
    ],
  ];

  it.each(cases)('maps a %s event both ways', (_, v1, restEvent) => {
    const toRest = streamResponseToV03(v1);
    expect(toRest).toStrictEqual(restEvent);
    expectValid(rest.StreamResponseSchema, toRest);
    const fromRest = streamResponseFromV03(restEvent);
    expect(fromRest).toStrictEqual(v1);
    expectValid(StreamResponseSchema, fromRest);
  });

  it('reports a final its state does not imply, and honours an explicit final', () => {
    const { losses, options } = recording();
    const event: rest.TaskStatusUpdateEvent = {
      taskId: 't',
      contextId: 'c',
      status: { state: 'TASK_STATE_COMPLETED' },
      final: false,
    };
    const v1 = taskStatusUpdateEventFromV03(event, options);
    expect(losses.map((loss) => loss.path)).toEqual(['final']);
    expect(taskStatusUpdateEventToV03(v1, { final: false })).toStrictEqual(event);
  });

  it('maps send replies both ways', () => {
    const restReply: rest.SendMessageResponse = {
      message: { messageId: 'm', role: 'ROLE_AGENT', content: [{ text: 'hi' }] },
    };
    const v1 = sendMessageResponseFromV03(restReply);
    expect(v1).toStrictEqual({ message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'hi' }] } });
    expect(sendMessageResponseToV03(v1)).toStrictEqual(restReply);
  });
});
