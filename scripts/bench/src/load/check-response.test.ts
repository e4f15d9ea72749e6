import { describe, expect, it } from 'vitest';
import { checkResponse } from './check-response.ts';

const event = (result: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify({ jsonrpc: '2.0', id: 1, result })}\n\n`;
const artifact = {
  artifactUpdate: { taskId: 't', contextId: 'c', artifact: { artifactId: 'a', parts: [] } },
};
const completed = {
  statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' } },
};

describe('checkResponse on a stream', () => {
  it('counts the events whether or not each carries an id: line', () => {
    const withIds = event({ task: {} }, 1) + event(artifact, 2) + event(artifact, 3) + event(completed, 4);
    const without = event({ task: {} }) + event(artifact) + event(artifact) + event(completed);
    for (const body of [withIds, without]) {
      expect(checkResponse(200, body, { kind: 'stream', chunks: 2 })).toEqual({
        problem: undefined,
        events: 4,
      });
    }
  });

  it('says how many artifact events came when they are not the expected number', () => {
    const body = event({ task: {} }, 1) + event(artifact, 2) + event(completed, 3);
    expect(checkResponse(200, body, { kind: 'stream', chunks: 2 }).problem).toBe(
      'expected 2 artifact events, got 1',
    );
  });
});
