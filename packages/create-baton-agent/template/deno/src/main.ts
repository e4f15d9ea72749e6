/** Serves the agent on Deno (it needs --allow-net, --allow-env and --allow-read): PORT (default 4000) and HOST (default 127.0.0.1). */
import { startA2AServer } from '@baton/server/deno';
import { card, createAgent } from './agent.ts';

const running = await startA2AServer(createAgent(), {
  port: Number(process.env.PORT ?? 4000),
  hostname: process.env.HOST ?? '127.0.0.1',
});
console.log(`${card.name} listening on ${running.url} (card: ${running.url}/.well-known/agent-card.json)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void running.close().then(() => process.exit(0)));
}
