import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningA2AServer, startA2AServer } from '../src/node.ts';
import { converse } from './converse.ts';
import { createTripPlanner } from './trip-planner.ts';

describe('the trip planner demo', () => {
  let running: RunningA2AServer;
  beforeAll(async () => {
    running = await startA2AServer(createTripPlanner());
  });
  afterAll(() => running.close());

  it('asks for the city, then streams the plan for the answer on the same task', async () => {
    expect(await converse(running.url)).toEqual([
      `card: Trip planner, 4 interfaces, JSON-RPC at ${running.url}/a2a/jsonrpc`,
      'send: TASK_STATE_INPUT_REQUIRED: Which city would you like to visit?',
      'stream: task TASK_STATE_WORKING',
      'stream: artifactUpdate "Day 1: the old town of Lisbon\\n"',
      'stream: artifactUpdate "Day 2: the coast of Lisbon\\n" (append)',
      'stream: artifactUpdate "Have a good trip." (append)',
      'stream: statusUpdate TASK_STATE_COMPLETED',
    ]);
  });
});
