/** Runs the summary agent as a process (see `runAgentMain` for PORT, HOST, PUBLIC_URL and the generator variables). */
import { runAgentMain } from '@baton/chain';
import { createSummaryAgent } from './summary-agent.ts';

await runAgentMain({
  name: 'summary-agent',
  defaultPort: 4103,
  create: ({ generators, ...hosting }) => createSummaryAgent({ generator: generators.summary, ...hosting }),
});
