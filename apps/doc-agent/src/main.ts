/** Runs the doc agent as a process (see `runAgentMain` for PORT, HOST, PUBLIC_URL and the generator variables). */
import { runChainAgent } from '@baton/chain';
import { createDocAgent } from './doc-agent.ts';

await runChainAgent({
  name: 'doc-agent',
  defaultPort: 4102,
  create: ({ generators, ...hosting }) => createDocAgent({ generator: generators.document, ...hosting }),
});
