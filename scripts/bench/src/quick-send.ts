/**
 * `pnpm --filter @baton/bench quick-send [--executor bench|reply|complete] [--sends 200000] [--concurrency 16]`:
 * what one blocking SendMessage costs inside Baton, without HTTP: `createRequestHandler` with its defaults called
 * in-process, `concurrency` callers at a time, in microseconds per send (wall time on one core). The script
 * bundles it to `.bundles/quick-send.mjs` first (as the bench targets are, see build-targets.ts); run that file
 * under `node --trace-gc-nvp` or `--cpu-prof` to see where the time goes. For a quick look while changing the
 * task path; the comparisons to publish are `pnpm bench`'s.
 */
import { parseArgs } from 'node:util';
import type { Message } from '@baton/protocol';
import { type AgentExecutor, createRequestHandler } from '@baton/server';
import { benchExecutor } from './targets/bench-executor.ts';

const EXECUTORS: Record<string, AgentExecutor> = {
  bench: benchExecutor,
  reply: async () => 'hi',
  complete: async (ctx) => {
    await ctx.complete();
  },
};

const { values } = parseArgs({
  options: {
    executor: { type: 'string', default: 'bench' },
    sends: { type: 'string', default: '200000' },
    concurrency: { type: 'string', default: '16' },
  },
});
const executor = EXECUTORS[values.executor ?? 'bench'];
const sends = Number(values.sends);
const concurrency = Number(values.concurrency);
if (!executor || !Number.isInteger(sends) || sends < 1 || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error(
    `--executor is one of ${Object.keys(EXECUTORS).join(', ')}; --sends and --concurrency are ≥ 1`,
  );
  process.exit(2);
}
const handler = createRequestHandler({ executor });
const call = {
  version: '1.0',
  binding: 'JSONRPC',
  requestedExtensions: [],
  signal: new AbortController().signal,
};

let sent = 0;
async function caller(): Promise<void> {
  while (sent < sends) {
    const message: Message = {
      messageId: `send-${sent++}`,
      role: 'ROLE_USER',
      parts: [{ text: 'chunks:1' }],
    };
    const answer = await handler.sendMessage({ message }, call as never);
    if (!('task' in answer) && values.executor !== 'reply') throw new Error('expected a task');
  }
}
for (const round of ['warm-up', 'measured']) {
  sent = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, caller));
  const microseconds = ((performance.now() - started) * 1000) / sends;
  console.log(
    `${round}: ${microseconds.toFixed(2)} µs per send (${sends} sends, concurrency ${concurrency})`,
  );
}
