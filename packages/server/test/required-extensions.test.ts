/**
 * Required extensions (spec §3.3.4) over a real socket: an agent whose card marks an extension `required`
 * refuses a send that does not activate it with ExtensionSupportRequired, on both bindings and versions,
 * and serves everything else as usual.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createA2AServer } from '../src/create-a2a-server.ts';
import { type RunningA2AServer, startA2AServer } from '../src/node.ts';
import { dig, postRpc, readJson, userMessage } from './support/raw-http.ts';

const REQUIRED = 'https://example.com/ext/signed-receipts/v1';
const OPTIONAL = 'https://example.com/ext/trace/v1';
const quiet = { error: () => undefined, warn: () => undefined };

const running: RunningA2AServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

async function start(): Promise<string> {
  const server = createA2AServer({
    card: {
      name: 'Strict',
      description: 'Needs an extension',
      version: '1.0.0',
      skills: [],
      extensions: [
        { uri: REQUIRED, required: true },
        { uri: OPTIONAL, required: false },
      ],
    },
    executor: async (ctx) => `extensions: ${ctx.requestedExtensions.join(' ')}`,
    logger: quiet,
  });
  const started = await startA2AServer(server);
  running.push(started);
  return started.url;
}

/** A JSON-RPC call with exactly `headers` besides Content-Type (no A2A-Version unless given). */
function rpc(url: string, method: string, params: unknown, headers: Record<string, string>) {
  return postRpc(`${url}/a2a/jsonrpc`, { id: 1, method, params }, { version: '0.3', headers });
}

describe('required extensions', () => {
  it('refuses a JSON-RPC send without the required extension with -32008 naming it', async () => {
    const url = await start();
    const message = userMessage('hi', 'c1');
    const refused = await readJson(
      await rpc(url, 'SendMessage', { message }, { 'A2A-Version': '1.0', 'A2A-Extensions': OPTIONAL }),
    );
    expect(dig(refused, 'error', 'code')).toBe(-32008);
    expect(dig(refused, 'error', 'message')).toContain(REQUIRED);
    expect(dig(refused, 'error', 'message')).not.toContain(OPTIONAL);

    const streamed = await rpc(url, 'SendStreamingMessage', { message }, { 'A2A-Version': '1.0' });
    expect(streamed.headers.get('content-type')).toContain('application/json');
    expect(dig(await readJson(streamed), 'error', 'code')).toBe(-32008);

    const accepted = await readJson(
      await rpc(
        url,
        'SendMessage',
        { message },
        { 'A2A-Version': '1.0', 'A2A-Extensions': `${OPTIONAL}, ${REQUIRED}` },
      ),
    );
    expect(dig(accepted, 'result', 'message', 'parts', 0, 'text')).toBe(
      `extensions: ${OPTIONAL} ${REQUIRED}`,
    );
  });

  it('echoes the activated extensions (those the card declares) in A2A-Extensions, on answers and streams', async () => {
    const url = await start();
    const message = userMessage('hi', 'c1');
    const headers = { 'A2A-Version': '1.0', 'A2A-Extensions': `${REQUIRED}, https://unknown.example/x` };
    const answer = await rpc(url, 'SendMessage', { message }, headers);
    expect(answer.headers.get('A2A-Extensions')).toBe(REQUIRED);
    const stream = await rpc(url, 'SendStreamingMessage', { message }, headers);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('A2A-Extensions')).toBe(REQUIRED);
    await stream.text();
    const rest = await fetch(`${url}/a2a/rest/tasks`, { headers });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('A2A-Extensions')).toBe(REQUIRED);
    const none = await rpc(url, 'GetTask', { id: 'missing' }, { 'A2A-Version': '1.0' });
    expect(none.headers.has('A2A-Extensions')).toBe(false);
  });

  it('refuses an HTTP+JSON send with 400 FAILED_PRECONDITION and EXTENSION_SUPPORT_REQUIRED', async () => {
    const url = await start();
    const response = await fetch(`${url}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
      body: JSON.stringify({ message: userMessage('hi', 'c1') }),
    });
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(dig(body, 'error', 'status')).toBe('FAILED_PRECONDITION');
    expect(dig(body, 'error', 'details', 0, 'reason')).toBe('EXTENSION_SUPPORT_REQUIRED');
  });

  it('accepts the 0.3 X-A2A-Extensions spelling from a 0.3 client', async () => {
    const url = await start();
    const message = { kind: 'message', messageId: 'm1', role: 'user', parts: [{ kind: 'text', text: 'hi' }] };
    const refused = await readJson(await rpc(url, 'message/send', { message }, {}));
    expect(dig(refused, 'error', 'code')).toBe(-32008); // 0.3 has no code of its own for it; 1.0's is kept
    const accepted = await readJson(
      await rpc(url, 'message/send', { message }, { 'X-A2A-Extensions': REQUIRED }),
    );
    expect(dig(accepted, 'result', 'kind')).toBe('message');
  });

  it('keeps reads working without the extension, and answers on the endpoint with a trailing slash', async () => {
    const url = await start();
    const reply = await fetch(`${url}/a2a/jsonrpc/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'GetTask', params: { id: 'missing' } }),
    });
    expect(dig(await readJson(reply), 'error', 'code')).toBe(-32001);
  });
});
