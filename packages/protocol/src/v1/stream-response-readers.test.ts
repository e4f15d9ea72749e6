import { describe, expect, it } from 'vitest';
import type { StreamResponse } from './stream-response.ts';
import { idsOfEvent, stateOfEvent } from './stream-response-readers.ts';

const status = { state: 'TASK_STATE_WORKING' as const };
const events: [string, StreamResponse, ReturnType<typeof idsOfEvent>, string | undefined][] = [
  [
    'a task',
    { task: { id: 't', contextId: 'c', status } },
    { taskId: 't', contextId: 'c' },
    'TASK_STATE_WORKING',
  ],
  [
    'a status update',
    { statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' } } },
    { taskId: 't', contextId: 'c' },
    'TASK_STATE_COMPLETED',
  ],
  [
    'an artifact update',
    {
      artifactUpdate: { taskId: 't', contextId: 'c', artifact: { artifactId: 'a', parts: [{ text: 'x' }] } },
    },
    { taskId: 't', contextId: 'c' },
    undefined,
  ],
  [
    'a direct message',
    { message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'hi' }], contextId: 'c' } },
    { taskId: undefined, contextId: 'c' },
    undefined,
  ],
];

describe('stream event readers', () => {
  it.each(events)('read the task, context and state of %s', (_, event, ids, state) => {
    expect(idsOfEvent(event)).toEqual(ids);
    expect(stateOfEvent(event)).toBe(state);
  });
});
