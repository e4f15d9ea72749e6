/** Runs the outline agent as a process (see `runAgentMain` for PORT, HOST, PUBLIC_URL and the generator variables). */
import { runChainAgent } from '@baton/chain';
import { createOutlineAgent } from './outline-agent.ts';

await runChainAgent({
  name: 'outline-agent',
  defaultPort: 4101,
  create: ({ generators, ...hosting }) => createOutlineAgent({ generator: generators.outline, ...hosting }),
});
