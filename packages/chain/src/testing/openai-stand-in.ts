import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply: a whole message, a streamed list of tokens, or an HTTP error body. */
export type StandInReply =
  | { readonly content: string }
  /** Streamed tokens; with `heldAfterFirst`, the rest wait until it settles (the stream is provably unfinished). */
  | { readonly tokens: readonly string[]; readonly heldAfterFirst?: Promise<unknown> }
  /** A call of one tool (streamed when the request streams), finishing with `tool_calls`. */
  | { readonly toolCall: { readonly name: string; readonly arguments: Readonly<Record<string, unknown>> } }
  | { readonly status: number; readonly message: string; readonly headers?: Readonly<Record<string, string>> }
  /** Never answers (until the stand-in closes): a model that hangs. */
  | { readonly hang: true };

/** A request the stand-in received. */
export interface StandInRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: { model: string; stream?: boolean; messages: { role: string; content: string }[] } & Record<
    string,
    unknown
  >;
}

/**
 * A stand-in for an OpenAI-compatible server on 127.0.0.1 (port 0) speaking the real wire protocol:
 * `POST /v1/chat/completions`, JSON completions, and SSE `chat.completion.chunk` frames ending in `[DONE]`.
 */
export async function startOpenAiStandIn(replies: StandInReply[]) {
  const requests: StandInRequest[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  let created = 1_700_000_000;
  const server = createServer(async (request, response) => {
    let raw = '';
    for await (const piece of request) raw += piece;
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: JSON.parse(raw) as StandInRequest['body'],
    });
    const reply = replies.shift();
    const id = `chatcmpl-${requests.length}`;
    const model = requests.at(-1)?.body.model ?? 'unknown';
    /** A whole `chat.completion` answer with one choice. */
    const completion = (message: Record<string, unknown>, finish: string) =>
      JSON.stringify({
        id,
        object: 'chat.completion',
        created: created++,
        model,
        choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    /** One SSE `chat.completion.chunk` frame. */
    const frame = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions' || !reply) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
    } else if ('hang' in reply) {
      hanging.add(response);
    } else if ('status' in reply) {
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      response.end(
        JSON.stringify({ error: { message: reply.message, type: 'invalid_request_error', code: null } }),
      );
    } else if ('toolCall' in reply) {
      const call = {
        index: 0,
        id: `call_${requests.length}`,
        type: 'function',
        function: { name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.arguments) },
      };
      if (requests.at(-1)?.body.stream) {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        response.write(frame({ role: 'assistant', content: null, tool_calls: [call] }, null));
        response.write(frame({}, 'tool_calls'));
        response.end('data: [DONE]\n\n');
      } else {
        response.writeHead(200, { 'content-type': 'application/json' });
        const { index: _index, ...withoutIndex } = call;
        response.end(
          completion({ role: 'assistant', content: null, tool_calls: [withoutIndex] }, 'tool_calls'),
        );
      }
    } else if ('content' in reply) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(completion({ role: 'assistant', content: reply.content }, 'stop'));
    } else {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write(frame({ role: 'assistant', content: '' }, null));
      for (const [index, token] of reply.tokens.entries()) {
        response.write(frame({ content: token }, null));
        if (index === 0 && reply.heldAfterFirst) await reply.heldAfterFirst;
        // Let each frame leave as its own network write, as a real server streaming tokens would.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      response.write(frame({}, 'stop'));
      response.end('data: [DONE]\n\n');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
