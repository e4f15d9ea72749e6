import { describe, expect, it } from 'vitest';
import { expectValid, recording } from '../../test/fixtures/translate/helpers.ts';
import type { TaskStatusUpdateEvent } from '../v1/stream-events.ts';
import { type StreamResponse, StreamResponseSchema } from '../v1/stream-response.ts';
import { TASK_STATES } from '../v1/task-state.ts';
import * as v03 from '../v03/index.ts';
import {
  impliedFinal,
  streamResponseFromV03,
  streamResponseToV03,
  taskArtifactUpdateEventFromV03,
  taskArtifactUpdateEventToV03,
  taskStatusUpdateEventFromV03,
  taskStatusUpdateEventToV03,
} from './events.ts';
import { TranslationError } from './loss.ts';

const statusUpdate = (state: TaskStatusUpdateEvent['status']['state']): TaskStatusUpdateEvent => ({
  taskId: 't1',
  contextId: 'c1',
  status: { state },
});

describe('status-update events', () => {
  it('sets final exactly for terminal and interrupted states', () => {
    expect(TASK_STATES.filter((state) => impliedFinal(state))).toEqual([
      'TASK_STATE_COMPLETED',
      'TASK_STATE_FAILED',
      'TASK_STATE_CANCELED',
      'TASK_STATE_INPUT_REQUIRED',
      'TASK_STATE_REJECTED',
      'TASK_STATE_AUTH_REQUIRED',
    ]);
    expect(taskStatusUpdateEventToV03(statusUpdate('TASK_STATE_WORKING')).final).toBe(false);
    expect(taskStatusUpdateEventToV03(statusUpdate('TASK_STATE_AUTH_REQUIRED')).final).toBe(true);
  });

  it('maps a 1.0 event field by field, adding kind and final', () => {
    const result = taskStatusUpdateEventToV03({
      ...statusUpdate('TASK_STATE_COMPLETED'),
      status: { state: 'TASK_STATE_COMPLETED', timestamp: '2024-03-15T18:30:00Z' },
      metadata: { m: 1 },
    });
    expect(result).toStrictEqual({
      kind: 'status-update',
      taskId: 't1',
      contextId: 'c1',
      status: { state: 'completed', timestamp: '2024-03-15T18:30:00Z' },
      final: true,
      metadata: { m: 1 },
    });
    expectValid(v03.TaskStatusUpdateEventSchema, result);
  });

  it('uses an explicit final over the implied one', () => {
    expect(
      taskStatusUpdateEventToV03(statusUpdate('TASK_STATE_INPUT_REQUIRED'), { final: false }).final,
    ).toBe(false);
    expect(taskStatusUpdateEventToV03(statusUpdate('TASK_STATE_WORKING'), { final: true }).final).toBe(true);
  });

  it('drops final silently when the state implies it', () => {
    const { losses, options } = recording();
    const result = taskStatusUpdateEventFromV03(
      { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'working' }, final: false },
      options,
    );
    expect(result).toStrictEqual(statusUpdate('TASK_STATE_WORKING'));
    expect(losses).toEqual([]);
  });

  it('reports a final the state does not imply, since translating back recomputes it', () => {
    const { losses, options } = recording();
    const event: v03.TaskStatusUpdateEvent = {
      kind: 'status-update',
      taskId: 't1',
      contextId: 'c1',
      status: { state: 'input-required' },
      final: false,
    };
    expect(taskStatusUpdateEventFromV03(event, options)).toStrictEqual(
      statusUpdate('TASK_STATE_INPUT_REQUIRED'),
    );
    expect(losses).toEqual([
      {
        path: 'final',
        reason:
          '1.0 has no final flag (the stream closing ends it); final: false dropped, though state input-required implies final: true',
      },
    ]);
    expect(() => taskStatusUpdateEventFromV03(event, { strict: true })).toThrow(TranslationError);
    expect(taskStatusUpdateEventToV03(taskStatusUpdateEventFromV03(event), { final: false })).toStrictEqual(
      event,
    );
  });

  it('throws on an empty taskId or contextId', () => {
    const event: v03.TaskStatusUpdateEvent = {
      kind: 'status-update',
      taskId: '',
      contextId: 'c',
      status: { state: 'working' },
      final: false,
    };
    expect(() => taskStatusUpdateEventFromV03(event)).toThrow('cannot express taskId');
  });
});

describe('artifact-update events', () => {
  const v03Event: v03.TaskArtifactUpdateEvent = {
    kind: 'artifact-update',
    taskId: 't1',
    contextId: 'c1',
    artifact: { artifactId: 'a1', parts: [{ kind: 'text', text: 'chunk' }] },
    append: true,
    lastChunk: false,
    metadata: { seq: 2 },
  };

  it('maps field by field both ways', () => {
    const v1 = {
      taskId: 't1',
      contextId: 'c1',
      artifact: { artifactId: 'a1', parts: [{ text: 'chunk' }] },
      append: true,
      lastChunk: false,
      metadata: { seq: 2 },
    };
    expect(taskArtifactUpdateEventFromV03(v03Event)).toStrictEqual(v1);
    expect(taskArtifactUpdateEventToV03(v1)).toStrictEqual(v03Event);
  });

  it('reports artifact losses under artifact', () => {
    const { losses, options } = recording();
    taskArtifactUpdateEventToV03(
      { taskId: 't', contextId: 'c', artifact: { artifactId: 'a', parts: [{ data: [1] }] } },
      options,
    );
    expect(losses.map((loss) => loss.path)).toEqual(['artifact.parts[0].data']);
  });
});

describe('stream responses', () => {
  const responses: [string, StreamResponse, v03.StreamEvent][] = [
    [
      'task',
      { task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_SUBMITTED' } } },
      { kind: 'task', id: 't', contextId: 'c', status: { state: 'submitted' } },
    ],
    [
      'message',
      { message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'hi' }] } },
      { kind: 'message', messageId: 'm', role: 'agent', parts: [{ kind: 'text', text: 'hi' }] },
    ],
    [
      'statusUpdate',
      { statusUpdate: statusUpdate('TASK_STATE_FAILED') },
      { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'failed' }, final: true },
    ],
    [
      'artifactUpdate',
      {
        artifactUpdate: { taskId: 't', contextId: 'c', artifact: { artifactId: 'a', parts: [{ url: 'u' }] } },
      },
      {
        kind: 'artifact-update',
        taskId: 't',
        contextId: 'c',
        artifact: { artifactId: 'a', parts: [{ kind: 'file', file: { uri: 'u' } }] },
      },
    ],
  ];

  it.each(responses)('maps a %s member to the bare 0.3 event and back', (_, response, event) => {
    const toV03 = streamResponseToV03(response);
    expect(toV03).toStrictEqual(event);
    expectValid(v03.StreamEventSchema, toV03);
    const fromV03 = streamResponseFromV03(event);
    expect(fromV03).toStrictEqual(response);
    expectValid(StreamResponseSchema, fromV03);
  });

  it('passes final through to a status update and reports losses under the member name', () => {
    const { losses, options } = recording();
    const result = streamResponseToV03(
      {
        statusUpdate: {
          ...statusUpdate('TASK_STATE_WORKING'),
          status: {
            state: 'TASK_STATE_WORKING',
            message: { messageId: 'm', role: 'ROLE_UNSPECIFIED', parts: [{ text: 'x' }] },
          },
        },
      },
      { ...options, final: true },
    );
    expect(result.kind === 'status-update' && result.final).toBe(true);
    expect(losses.map((loss) => loss.path)).toEqual(['statusUpdate.status.message.role']);
  });
});
