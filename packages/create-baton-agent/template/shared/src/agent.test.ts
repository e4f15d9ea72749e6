/**
 * Talks to the agent through @baton/client, as any A2A client would. The client's fetch goes straight to the
 * app, so the test needs no port and runs the same on Node, Bun and Deno.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { artifactText, createA2AClient, type Task, userMessage } from '@baton/client';
import { createAgent } from './agent.ts';

const agent = createAgent();
const client = await createA2AClient({
  agent: 'http://agent.test',
  fetch: async (input, init) => agent.fetch(new Request(input, init)),
});

/** Sends a message and returns the task the agent answers with. */
async function send(...input: Parameters<typeof client.sendMessage>): Promise<Task> {
  const answer = await client.sendMessage(...input);
  assert.ok('task' in answer, 'the agent answers with a task');
  return answer.task;
}

/** The text of the task's artifacts, chunks joined. */
function reportOf(task: Task): string {
  return (task.artifacts ?? []).map(artifactText).join('');
}

describe('the word-count agent', () => {
  it('publishes its skill on the card', () => {
    assert.deepEqual(
      client.card.skills.map((skill) => skill.id),
      ['count-words'],
    );
  });

  it('counts the words and names the longest', async () => {
    const task = await send('The quick brown fox');
    assert.equal(task.status.state, 'TASK_STATE_COMPLETED');
    assert.equal(reportOf(task), '4 words. The longest is "quick".');
  });

  it('asks for the text when the message has none, then counts the answer', async () => {
    const question = await send(' ');
    assert.equal(question.status.state, 'TASK_STATE_INPUT_REQUIRED');
    const answered = await send(userMessage('Hello', { taskId: question.id }));
    assert.equal(answered.status.state, 'TASK_STATE_COMPLETED');
    assert.equal(reportOf(answered), '1 word. The longest is "Hello".');
  });
});
