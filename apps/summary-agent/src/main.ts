/** Runs the summary agent as a process (see `runAgentMain` for PORT, HOST, PUBLIC_URL and the generator variables). */
import { runChainAgent } from '@baton/chain';
import { createSummaryAgent } from './summary-agent.ts';

await runChainAgent({
  name: 'summary-agent',
  defaultPort: 4103,
  create: ({ generators, ...hosting }) => createSummaryAgent({ generator: generators.summary, ...hosting }),
});
