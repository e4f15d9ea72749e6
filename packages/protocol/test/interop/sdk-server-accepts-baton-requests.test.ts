/**
 * Live check that the official `@a2a-js/sdk` server accepts requests Baton builds (see `baton-requests.ts`),
 * POSTed with plain `fetch` for A2A 1.0 and 0.3 on JSON-RPC and HTTP+JSON: each answer must be a success that
 * parses with Baton's schema for its row of the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2A_MEDIA_TYPE, A2A_VERSION_HEADER, JSON_MEDIA_TYPE, SSE_MEDIA_TYPE } from '../../src/index.ts';
import { CONFIG_ID, type HttpCall, VARIANTS, type Variant } from './baton-requests.ts';
import { createRecorder, type Exchange } from './capture-harness.ts';
import { checkExchange, field, rowOf, stateOf } from './schema-table.ts';
import { Scenario, type SdkServer, startSdkServer, WEBHOOK_URL } from './sdk-server.ts';

let server: SdkServer | undefined;
const recorder = createRecorder();

beforeAll(async () => {
  server = await startSdkServer();
});

afterAll(async () => {
  await server?.close();
});

function send(variant: Variant, call: HttpCall, accept = JSON_MEDIA_TYPE): Promise<Response> {
  const rest1 = variant.version === '1.0' && variant.binding === 'HTTP+JSON';
  const headers: Record<string, string> = { Accept: accept };
  if (variant.version === '1.0') headers[A2A_VERSION_HEADER] = '1.0'; // a 0.3 client sends no version header
  if (call.body !== undefined) headers['Content-Type'] = rest1 ? A2A_MEDIA_TYPE : JSON_MEDIA_TYPE;
  const body = call.body === undefined ? {} : { body: JSON.stringify(call.body) };
  return recorder.fetch(`${server?.base}${call.path}`, { method: call.method, headers, ...body });
}

/** Checks an exchange against its one row of the table and returns its parsed success payloads. */
function accepted(exchange: Exchange | undefined): unknown[] {
  if (!exchange) throw new Error('no exchange recorded');
  const checked = checkExchange(rowOf(exchange), exchange);
  expect(checked.errors.map((error) => `${error.code} ${error.message}`)).toEqual([]);
  expect(exchange.status).toBeLessThan(300);
  return [...checked.payloads];
}

/** Sends a call, reads the answer to its end, and returns its checked payloads. */
async function exchange(variant: Variant, call: HttpCall, accept?: string): Promise<unknown[]> {
  await (await send(variant, call, accept)).arrayBuffer();
  return accepted((await recorder.settled()).at(-1));
}

/** A direct reply: `{message}` in 1.0 and 0.3 REST, a result of kind `message` in 0.3 JSON-RPC. */
const isMessage = (payload: unknown) =>
  field(payload, 'message', 'messageId') !== undefined || field(payload, 'kind') === 'message';

const taskIdOf = (payload: unknown) => String(field(payload, 'task', 'id') ?? field(payload, 'id'));

/** Reads an SSE body until its first complete frame, so the stream is known to be live. */
async function firstFrame(
  body: ReadableStream<Uint8Array>,
): Promise<ReadableStreamDefaultReader<Uint8Array>> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!/\r?\n\r?\n/.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended before its first frame');
    text += decoder.decode(value, { stream: true });
  }
  return reader;
}

describe.each(VARIANTS)('the SDK server accepts Baton-built $version $binding requests', (variant) => {
  it('for every operation, and answers with payloads Baton parses', async () => {
    const [sent] = await exchange(variant, variant.send(Scenario.complete));
    expect(stateOf(sent)).toBe('completed');
    const taskId = taskIdOf(sent);

    const [reply] = await exchange(variant, variant.send(Scenario.message));
    expect(isMessage(reply)).toBe(true);

    const streamed = await exchange(variant, variant.stream(Scenario.complete), SSE_MEDIA_TYPE);
    expect(streamed.map(stateOf)).toEqual(['submitted', 'working', undefined, undefined, 'completed']);

    expect(taskIdOf((await exchange(variant, variant.getTask(taskId)))[0])).toBe(taskId);
    if (variant.listTasks) {
      const [listed] = await exchange(variant, variant.listTasks());
      expect(JSON.stringify(listed)).toContain(taskId);
    }

    const configs = [variant.createConfig, variant.getConfig, variant.listConfigs].map((build) =>
      build(taskId),
    );
    for (const call of configs) {
      const [config] = await exchange(variant, call);
      expect(JSON.stringify(config)).toContain(CONFIG_ID);
      expect(JSON.stringify(config)).toContain(WEBHOOK_URL);
    }
    await exchange(variant, variant.deleteConfig(taskId));
    expect(field((await exchange(variant, variant.extendedCard()))[0], 'name')).toBe(
      'Interop agent (extended)',
    );

    // A long task sent without blocking, subscribed to, and canceled once the subscription is live.
    const [started] = await exchange(variant, variant.send(Scenario.long, true));
    const longId = taskIdOf(started);
    const index = (await recorder.settled()).length;
    const subscription = await send(variant, variant.subscribe(longId), SSE_MEDIA_TYPE);
    const reader = await firstFrame(subscription.body ?? new ReadableStream());
    const [canceled] = await exchange(variant, variant.cancel(longId));
    expect(stateOf(canceled)).toBe('canceled');
    while (!(await reader.read()).done) {}
    expect(accepted((await recorder.settled())[index]).map(stateOf)).toEqual(['working', 'canceled']);
  });
});
