/**
 * Property tests over the whole server (`createA2AServer`, real handler, real executor, in-process through
 * `server.request()`): whatever JSON-RPC or HTTP+JSON request arrives, in either version, the server answers
 * JSON or SSE, never HTML or a stack trace, never a 500, and every error is in the shape its binding and version
 * promise, with a code from the error table.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type A2AServer, type AgentExecutor, createA2AServer, pushNotifications } from '../src/index.ts';
import { jsonRpcAttempt } from './support/arbitrary-json-rpc.ts';
import { contentType, taskIds } from './support/arbitrary-messages.ts';
import { restBody, restQuery, restTarget } from './support/arbitrary-rest.ts';
import { DEMO_CARD, recordingLogger } from './support/demo-server.ts';
import { dig, postRpc, readJson, userMessage } from './support/raw-http.ts';
import {
  type Answer,
  expectCleanAnswer,
  expectJsonRpcEnvelope,
  expectRestError,
  readAnswer,
  sseFrames,
  type WireVersion,
} from './support/wire-shapes.ts';

const RUNS = 300;
const logger = recordingLogger();

/** `task` → a completed task; `ask` → INPUT_REQUIRED, then a reply; anything else → a direct Message. */
const executor: AgentExecutor = async (ctx) => {
  if (ctx.text === 'task') {
    await ctx.working();
    await ctx.addArtifact({ parts: 'done' });
    return undefined;
  }
  if (ctx.text === 'ask') {
    const answer = await ctx.requestInput('Say more?');
    return `thanks for ${answer.parts.length} parts`;
  }
  return `echo of ${ctx.text.length} characters`;
};

let server: A2AServer;
let known: string[] = [];

beforeAll(async () => {
  server = createA2AServer({
    card: DEMO_CARD,
    executor,
    logger,
    heartbeatMs: 0,
    push: pushNotifications({ allowlist: ['127.0.0.1', 'localhost'] }),
    extendedCard: { description: 'Seen by every caller here' },
  });
  const fetchApp = (async (input: string | URL | Request, init?: RequestInit) =>
    server.request(input instanceof Request ? input : String(input), init)) as typeof fetch;
  const create = async (text: string) => {
    const response = await postRpc(
      'http://localhost/a2a/jsonrpc',
      {
        id: 1,
        method: 'SendMessage',
        params: { message: userMessage(text, 'ctx-known') },
      },
      { fetchImpl: fetchApp },
    );
    return String(dig(await readJson(response), 'result', 'task', 'id'));
  };
  known = [await create('task'), await create('ask')];
});

afterAll(async () => {
  await server.shutdown({ deadlineMs: 100 });
});

/** The error form a request's `A2A-Version` calls for; `undefined` when the test does not pin it. */
function errorVersion(header: string | undefined): WireVersion | undefined {
  if (header === '1.0') return '1.0';
  if (header === undefined || header === '0.3') return '0.3';
  return undefined;
}

/** The id a JSON-RPC answer to `body` must carry: the request's own when readable and valid, else null. */
function expectedId(body: string, jsonContentType: boolean): unknown {
  if (!jsonContentType) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const id = dig(parsed, 'id');
  if (Array.isArray(parsed) || typeof parsed !== 'object' || parsed === null || !('id' in parsed))
    return null;
  return id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/** The 404 of a path outside the card and both bindings: a google.rpc.Status naming the path. */
function expectTopLevelNotFound(answer: Answer): void {
  expect(answer.status).toBe(404);
  expect(JSON.parse(answer.text)).toEqual({
    error: { code: 404, status: 'NOT_FOUND', message: expect.stringMatching(/^No A2A route at /) },
  });
}

const headersOf = (version: string | undefined, type: string | undefined): Record<string, string> => ({
  ...(version === undefined ? {} : { 'A2A-Version': version }),
  ...(type === undefined ? {} : { 'Content-Type': type }),
});

describe('the whole server on arbitrary input', () => {
  it('answers every JSON-RPC request with a JSON-RPC envelope (or SSE of them) to the right id', async () => {
    const ids = taskIds(known);
    await fc.assert(
      fc.asyncProperty(jsonRpcAttempt(ids), contentType, async ({ body, version }, type) => {
        const headers = headersOf(version, type);
        // Bytes, so that leaving Content-Type out really sends none.
        const init = { method: 'POST', headers, body: new TextEncoder().encode(body) };
        const answer = await readAnswer(await server.request('/a2a/jsonrpc', init));
        expectCleanAnswer(answer);
        expect(answer.status).toBe(200);
        const jsonType = type !== undefined && /^application\/(a2a\+)?json\b/.test(type);
        const id = expectedId(new TextDecoder().decode(init.body), jsonType);
        if (answer.contentType !== 'text/event-stream') {
          expectJsonRpcEnvelope(JSON.parse(answer.text), id, errorVersion(version));
          return;
        }
        const frames = sseFrames(answer.text);
        expect(frames.length).toBeGreaterThan(0);
        for (const frame of frames) expectJsonRpcEnvelope(frame.data, id, errorVersion(version));
      }),
      { numRuns: RUNS },
    );
    expect(logger.errors).toEqual([]);
  });

  it('answers every HTTP+JSON request, of either version, in that version’s shapes', async () => {
    const ids = taskIds(known);
    await fc.assert(
      fc.asyncProperty(
        restTarget(ids),
        restQuery,
        contentType,
        restBody(ids),
        async ({ method, path, version }, query, type, body) => {
          const init: RequestInit = { method, headers: headersOf(version, type) };
          if (body !== undefined && method !== 'GET' && method !== 'HEAD') init.body = body;
          const url = new URL(`/a2a/rest/${path}${query}`, 'http://localhost');
          const answer = await readAnswer(await server.request(url.href, init));
          if (method === 'HEAD') {
            expect(answer.text).toBe('');
            return;
          }
          expectCleanAnswer(answer);
          // `..` segments can lead out of the REST base path: then the server's own 404 answers.
          if (!/^\/a2a\/rest(\/|$)/.test(url.pathname)) return expectTopLevelNotFound(answer);
          if (answer.contentType === 'text/event-stream') {
            for (const frame of sseFrames(answer.text)) {
              if (frame.error) expectRestError(undefined, frame.data, errorVersion(version));
              else expect(typeof frame.data).toBe('object');
            }
            return;
          }
          const parsed: unknown = answer.text === '' ? undefined : JSON.parse(answer.text);
          if (answer.status >= 400) expectRestError(answer.status, parsed, errorVersion(version));
          else expect(typeof parsed === 'object' || answer.status === 204).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
    expect(logger.errors).toEqual([]);
  });

  it('answers any other path with a JSON 404', async () => {
    const outside = fc
      .array(
        fc.oneof(fc.constantFrom('a2a', 'rest', 'jsonrpc', '.well-known', ''), fc.string({ maxLength: 6 })),
        {
          maxLength: 4,
        },
      )
      .map((segments) => `/${segments.map(encodeURIComponent).join('/')}`)
      .filter((path) => !/^\/a2a\/(rest(\/|$)|jsonrpc\/?$)|^\/\.well-known\/agent(-card)?\.json$/.test(path));
    await fc.assert(
      fc.asyncProperty(outside, fc.constantFrom('GET', 'POST', 'DELETE'), async (path, method) => {
        const answer = await readAnswer(await server.request(path, { method }));
        expectCleanAnswer(answer);
        expectTopLevelNotFound(answer);
      }),
      { numRuns: 100 },
    );
  });
});
