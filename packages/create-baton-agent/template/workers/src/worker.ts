/**
 * Serves the agent as a Cloudflare Worker: `npm start` runs it locally with wrangler, `npm run deploy` publishes
 * it. Tasks live in the isolate's memory; `waitUntil` keeps a task going after the response that started it.
 */
import { waitUntil } from 'cloudflare:workers';
import { createAgent } from './agent.ts';

const agent = createAgent({ waitUntil });

export default { fetch: agent.fetch };
