import { A2A_METHODS, LEGACY_METHOD_ALIASES, V03_METHODS } from '@baton/protocol';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createJsonRpcApp } from './create-json-rpc-app.ts';
import { ENDPOINT, type JsonRpcReply, parseSseFrames } from './test-support/call-app.ts';
import { createFakeRequestHandler, EXPLODING_TASK_ID } from './test-support/fake-request-handler.ts';

/** Every code a JSON-RPC answer may carry: the five standard ones and the A2A range -32001..-32009. */
const CODES = new Set([
  -32700, -32600, -32601, -32602, -32603, -32001, -32002, -32003, -32004, -32005, -32006, -32007, -32008,
  -32009,
]);
const V03_NAMES = [...V03_METHODS, ...Object.keys(LEGACY_METHOD_ALIASES)];
const ALL_NAMES = [...A2A_METHODS, ...V03_NAMES];

function setup() {
  const handler = createFakeRequestHandler();
  const logger = { error: vi.fn() };
  return { logger, app: createJsonRpcApp({ handler, logger, heartbeatMs: 0 }) };
}

function isValidId(id: unknown): boolean {
  return id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

/** The id an answer to `body` must carry: the request's id when it is a valid one, else null. */
function expectedId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const id = (body as Record<string, unknown>).id;
  return isValidId(id) ? id : null;
}

/** Sends `text` and checks the answer is well-formed; returns every JSON-RPC message it carried. */
async function send(
  app: ReturnType<typeof setup>['app'],
  text: string,
  headers: Record<string, string>,
): Promise<JsonRpcReply[]> {
  // Bytes, so that leaving Content-Type out really sends none (a string body would be text/plain).
  const response = await app.request(ENDPOINT, {
    method: 'POST',
    headers,
    body: new TextEncoder().encode(text),
  });
  expect(response.status).toBe(200);
  const type = response.headers.get('Content-Type');
  const body = await response.text();
  if (type === 'text/event-stream') return parseSseFrames(body).map((frame) => frame.json);
  expect(type).toBe('application/json');
  return [JSON.parse(body) as JsonRpcReply];
}

/** The id an answer to the body `text` must carry; the text goes through UTF-8 as the app receives it. */
function expectedIdOfText(text: string): unknown {
  try {
    return expectedId(JSON.parse(new TextDecoder().decode(new TextEncoder().encode(text))));
  } catch {
    return null;
  }
}

function checkReply(reply: JsonRpcReply, id: unknown): void {
  expect(reply.jsonrpc).toBe('2.0');
  expect(reply.id === id).toBe(true);
  expect('result' in reply !== 'error' in reply).toBe(true);
  if (reply.error) expect(CODES.has(reply.error.code)).toBe(true);
}

const version = fc.constantFrom(undefined, '1.0', '0.3', '1.0.3', '2.0', 'garbage', '');
const contentType = fc.constantFrom(undefined, 'application/json', 'application/a2a+json', 'text/plain');
const headersOf = (v: string | undefined, type: string | undefined): Record<string, string> => ({
  ...(v === undefined ? {} : { 'A2A-Version': v }),
  ...(type === undefined ? {} : { 'Content-Type': type }),
});

const envelope = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
    id: fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.jsonValue()),
    method: fc.oneof(fc.constantFrom(...ALL_NAMES, 'tasks/list'), fc.string(), fc.jsonValue()),
    params: fc.oneof(fc.object(), fc.jsonValue(), fc.constant(null)),
  },
  { requiredKeys: [] },
);

describe('JSON-RPC app properties', () => {
  it('answers any body with one well-formed JSON-RPC message whose id is the request id or null', async () => {
    const { app } = setup();
    const body = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      envelope.map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(body, version, contentType, async (text, v, type) => {
        const replies = await send(app, text, headersOf(v, type));
        expect(replies.length).toBeGreaterThan(0);
        const refused = type !== 'application/json' && type !== 'application/a2a+json';
        const id = refused ? null : expectedIdOfText(text);
        for (const reply of replies) checkReply(reply, id);
      }),
      { numRuns: 300 },
    );
  });

  it('answers arbitrary params of every known method with a result or an A2A error, never an internal one', async () => {
    const { app, logger } = setup();
    const call = fc.oneof(
      fc.record({ method: fc.constantFrom(...A2A_METHODS), version: fc.constantFrom('1.0', '1.0.1') }),
      fc.record({ method: fc.constantFrom(...V03_NAMES), version: fc.constantFrom(undefined, '0.3') }),
    );
    const params = fc.oneof(
      fc.object(),
      fc.record({ id: fc.string(), taskId: fc.string(), message: fc.object() }, { requiredKeys: [] }),
      fc.dictionary(
        fc.constantFrom('id', 'taskId', 'historyLength', 'pageSize', 'url', 'tenant', 'message'),
        fc.jsonValue(),
      ),
    );
    await fc.assert(
      fc.asyncProperty(call, params, fc.oneof(fc.string(), fc.integer()), async (target, p, id) => {
        fc.pre(!JSON.stringify(p).includes(EXPLODING_TASK_ID));
        const request = { jsonrpc: '2.0', id, method: target.method, params: p };
        const replies = await send(
          app,
          JSON.stringify(request),
          headersOf(target.version, 'application/json'),
        );
        for (const reply of replies) {
          checkReply(reply, id);
          expect(reply.error?.code).not.toBe(-32603);
        }
      }),
      { numRuns: 300 },
    );
    expect(logger.error).not.toHaveBeenCalled();
  });
});
