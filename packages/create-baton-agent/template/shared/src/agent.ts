/**
 * The agent: its card (what other agents and clients discover at /.well-known/agent-card.json) and its executor
 * (what it does with a message). The same module runs on every runtime; src/main.ts or src/worker.ts serves it.
 */
import { type A2AServerOptions, type AgentExecutor, createA2AServer, messageText } from '@baton/server';

export const card = {
  name: 'AGENT_TITLE',
  description: 'Counts the words of a text and names the longest one.',
  version: '0.1.0',
  skills: [
    {
      id: 'count-words',
      name: 'Count words',
      description: 'Counts the words of the text you send and names the longest one.',
      tags: ['text'],
      examples: ['The quick brown fox jumps over the lazy dog'],
    },
  ],
};

export const executor: AgentExecutor = async (ctx) => {
  // An empty message gets a question back: the task waits in INPUT_REQUIRED until the client answers on it.
  const text = ctx.text.trim() || messageText(await ctx.requestInput('Which text should I count?')).trim();
  const words = text.split(/\s+/).filter((word) => word !== '');
  const longest = words.reduce((best, word) => (word.length > best.length ? word : best), '');
  // An artifact streamed in two chunks: a streaming client sees the first before the second is written.
  const report = ctx.streamArtifact({ name: 'word-count' });
  await report.write(`${words.length} ${words.length === 1 ? 'word' : 'words'}. `);
  await report.end(longest === '' ? 'There is no longest word.' : `The longest is "${longest}".`);
};

/** The agent as a Hono app; `options` add a store, push, auth and the rest (see @baton/server's docs). */
export function createAgent(options: Partial<A2AServerOptions> = {}) {
  return createA2AServer({ card, executor, ...options });
}
