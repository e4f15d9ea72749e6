/** An echo agent run by `runAgentMain`, for run-agent-main.test.ts. */
import { createA2AServer } from '@baton/server';
import { hostingOptions } from '../agent-hosting.ts';
import { runAgentMain } from '../run-agent-main.ts';

await runAgentMain({
  name: 'echo-agent',
  defaultPort: 0,
  create: (hosting) =>
    createA2AServer({
      card: { name: 'Echo', description: 'Echoes what you say', version: '1.0.0', skills: [] },
      executor: async (ctx) => ctx.complete(`You said: ${ctx.text}`),
      ...hostingOptions(hosting),
    }),
});
