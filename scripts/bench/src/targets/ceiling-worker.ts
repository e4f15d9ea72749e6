/** Target on Cloudflare Workers (W13): the ceiling's bare Hono app (ceiling-app.ts) as a Worker. */
import { app } from './ceiling-app.ts';

export default { fetch: app.fetch };
