/**
 * @baton/client on the runtime running this script (Bun, Deno or Node): discovers the agent at AGENT_URL from
 * its card, then over each binding streams a chunked artifact, answers an input-required task and cancels
 * one. Prints one JSON line per binding for runtimes.test.ts to check.
 */
import { createA2AClient } from '@baton/client';
import { collect, statusText, taskOf, tck, trace } from './tck-test-helpers.ts';

const agent = process.env.AGENT_URL;
if (!agent) throw new Error('AGENT_URL is required');

for (const binding of ['JSONRPC', 'HTTP+JSON'] as const) {
  const client = await createA2AClient({ agent, preferredBindings: [binding] });
  const streamed = trace(await collect(client.streamMessage(tck('tck-stream-artifact-chunked'))));
  const asked = taskOf(await client.sendMessage(tck('tck-input-required')));
  const answered = taskOf(await client.sendMessage(tck('tck-complete-task', { taskId: asked.id })));
  const waiting = taskOf(await client.sendMessage(tck('tck-input-required')));
  const canceled = await client.cancelTask(waiting.id);
  const line = {
    binding: client.transport.binding,
    card: client.card.name,
    streamed,
    asked: [asked.status.state, statusText(asked)],
    answered: [answered.id === asked.id, answered.status.state, statusText(answered)],
    canceled: canceled.status.state,
  };
  console.log(JSON.stringify(line));
}
